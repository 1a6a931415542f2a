// Play mode on the page: the puzzle as a child gets it (a tangram's figure with the pieces in the
// tray, a Sudoku's givens), every piece or digit judged by the server against every solution,
// hints that keep the child's work. Input is the board's usual (drag from the tray, turn, flip;
// type digits): the server judges every change, from this page or any other input.
//
// For tests: #play carries data-play (none | tangram | sudoku) and data-solved; #play-judgement
// the latest judgement (data-judgement: fits, fits-elsewhere, fits-no-solution, overlaps,
// outside, solved, right, wrong, conflicts; data-part; data-k and data-n for fits); each number
// its own attribute on #play-numbers (data-solutions, data-open, data-accepted, data-placements,
// data-wrong, data-hints); #play-hint data-level and data-parts; on the board every judged piece
// or cell carries data-judgement, and a hint's outline is [data-hint-outline].

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

export class PlayView {
  constructor(app) {
    this.app = app;
    $('play-button').addEventListener('click', () => this.start());
    $('play-hint-button').addEventListener('click', () => this.hint());
    $('play-stop-button').addEventListener('click', () => this.stop());
  }

  get play() { return this.app.state?.play || null; }

  /** Plays the active puzzle; a tangram at the hint level the board showed (the child's view chosen). */
  start() {
    if (this.play) return;
    const mode = this.app.viewMode;
    const hint = this.app.state?.document?.kind === 'tangram' && ['outline', 'pieces'].includes(mode) ? ` --hint ${mode}` : '';
    this.app.showView('board');
    this.app.run('play' + hint);
  }

  stop() { if (this.play) this.app.run('play stop'); }

  hint() { if (this.play) this.app.run('hint'); }

  paint() {
    const play = this.play;
    const doc = this.app.state?.document;
    const panel = $('play');
    panel.hidden = !play;
    panel.dataset.play = play ? doc.kind : 'none';
    panel.dataset.solved = String(!!play?.solved);
    document.body.dataset.play = play ? 'on' : 'off';
    const button = $('play-button');
    button.setAttribute('aria-pressed', String(!!play));
    button.disabled = !doc || (doc.kind !== 'tangram' && doc.kind !== 'sudoku');
    // The designer's panels step aside while a child's board is shown.
    for (const id of ['details', 'analysis']) if (play) $(id).hidden = true;
    document.querySelectorAll('[data-edit-only]').forEach((e) => { e.hidden = !!play; });
    if (!play) return;
    if (doc.kind === 'sudoku') this.app.sudoku.setMode('set');
    const latest = play.latest;
    const judgement = $('play-judgement');
    judgement.dataset.judgement = latest?.judgement || '';
    judgement.dataset.part = latest?.piece || latest?.cell || '';
    setOrDelete(judgement, 'k', latest?.k);
    setOrDelete(judgement, 'n', latest?.n);
    judgement.className = 'judgement ' + (!latest || latest.judgement === 'removed' ? '' : isRight(latest.judgement) ? 'right' : 'wrong');
    judgement.textContent = play.solved ? `Solved in ${Math.round(play.seconds)} s!` : latest ? latest.text : 'Put a piece on the figure.';
    if (doc.kind === 'sudoku' && !latest && !play.solved) judgement.textContent = 'Type a digit in an empty cell.';
    const numbers = $('play-numbers');
    const rows = [];
    const number = (name, label, value) => {
      if (value == null) { delete numbers.dataset[name]; return; }
      numbers.dataset[name] = String(value);
      rows.push([label, String(value), name]);
    };
    number('solutions', 'Solutions', play.solutions);
    number('open', 'Still open', play.open);
    number('accepted', 'Pieces accepted', play.accepted);
    number('placements', 'Placements', play.placements);
    number('wrong', 'Wrong', play.wrong);
    number('hints', 'Hints', play.hints);
    numbers.replaceChildren(...rows.flatMap(([label, value, name]) => {
      const dt = Object.assign(document.createElement('dt'), { textContent: label });
      const dd = Object.assign(document.createElement('dd'), { textContent: value });
      dd.dataset.number = name;
      return [dt, dd];
    }));
    const hint = $('play-hint');
    hint.hidden = !play.hint;
    hint.dataset.level = String(play.hint?.level || 0);
    hint.dataset.parts = (play.hint?.parts || []).join(' ');
    hint.textContent = play.hint ? `Hint ${play.hint.level}: ${play.hint.text}` : '';
    $('play-hint-button').disabled = !!play.solved;
    // On a play board Edit is not pressed (it ends the play), Save has nothing to save.
    document.querySelector('#view-switch [data-view="board"]').setAttribute('aria-pressed', 'false');
    $('save-button').disabled = true;
    $('play-hint-button').textContent = play.hint && play.hint.level < 3 ? 'More help' : 'Hint';
    $('play-hint-button').setAttribute('aria-label', play.hint && play.hint.level < 3 ? 'More help with the hint' : 'Hint');
    $('play-record').textContent = play.record ? `Record: ${play.record}` : '';
  }

  /** Judgements on the board's pieces or cells, and the hint's outline. */
  draw(overlay) {
    const play = this.play;
    if (!play) return;
    const judgements = play.judgements || {};
    overlay.querySelectorAll('[data-piece], [data-cell]').forEach((shape) => {
      const name = shape.dataset.piece || shape.dataset.cell;
      const j = judgements[name];
      if (!j) { delete shape.dataset.judgement; return; }
      shape.dataset.judgement = j.judgement;
      shape.classList.add(isRight(j.judgement) ? 'judged-right' : 'judged-wrong');
    });
    const parts = new Set(play.hint?.parts || []);
    overlay.querySelectorAll('[data-piece], [data-cell]').forEach((shape) => {
      if (parts.has(shape.dataset.piece || shape.dataset.cell)) shape.classList.add('hinted');
    });
    if (play.hint?.outline) {
      const polygon = document.createElementNS(SVG, 'polygon');
      polygon.setAttribute('points', play.hint.outline.map((p) => p.join(',')).join(' '));
      polygon.setAttribute('class', 'hint-outline');
      polygon.dataset.hintOutline = (play.hint.parts || []).join(' ');
      polygon.setAttribute('aria-hidden', 'true');
      overlay.appendChild(polygon);
    }
  }
}

function isRight(judgement) { return judgement === 'fits' || judgement === 'solved' || judgement === 'right'; }

function setOrDelete(element, name, value) {
  if (value == null) delete element.dataset[name]; else element.dataset[name] = String(value);
}
