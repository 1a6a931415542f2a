// The gridedit browser editor: paints the state the server pushes after every edit (the
// renderer's SVG, with an overlay of pieces or cells) and turns input into protocol messages.
// Nothing is edited here: every change is an editor command or a touch event the server runs.
//
// Observable state for tests: body[data-state-version] is the version of the state last painted
// (set once the picture is decoded, so a screenshot taken after it shows the new drawing),
// body[data-pending] the requests still unanswered, body[data-kind] the active puzzle's kind (tangram, sudoku, …) or none.

import { Connection } from './connection.js';
import { TangramView } from './tangram.js';
import { SudokuView } from './sudoku.js';
import { ShapesView } from './shapes.js';
import { AnalysisView } from './analysis.js';
import { TrayView } from './tray.js';
import { PackView } from './pack.js';
import { DetailsView } from './details.js';
import { PlayView } from './play.js';

const $ = (id) => document.getElementById(id);

class App {
  constructor() {
    this.state = null;
    this.pictureURL = null;
    this.paints = 0;
    this.tangram = new TangramView(this);
    this.sudoku = new SudokuView(this);
    this.shapes = new ShapesView(this);
    this.analysis = new AnalysisView(this);
    this.tray = new TrayView(this);
    this.pack = new PackView(this);
    this.details = new DetailsView(this);
    this.play = new PlayView(this);
    this.connection = new Connection({
      status: (s) => {
        document.body.dataset.connection = s;
        $('connection').textContent = s === 'open' ? 'connected' : 'disconnected · reconnecting…';
      },
      pending: (n) => { document.body.dataset.pending = String(n); },
      message: (m) => this.receive(m),
    });
    this.wire();
  }

  get view() {
    const kind = this.state?.document?.kind;
    if (kind === 'tangram') return this.tangram;
    if (kind === 'sudoku') return this.sudoku;
    return this.state?.shapes ? this.shapes : null;
  }

  receive(message) {
    switch (message.type) {
      case 'state': this.paint(message); break;
      case 'patch': if (this.state) this.paint(patched(this.state, message)); break;
      case 'error': if (message.id == null) this.log(message.message, 'error'); break;
    }
  }

  // MARK: painting

  paint(state) {
    this.state = state;
    const paint = ++this.paints;
    const doc = state.document;
    document.body.dataset.kind = doc ? doc.kind : 'none';
    document.title = doc ? `${doc.dirty ? '• ' : ''}${doc.name} — gridedit` : 'gridedit';
    this.paintTabs(state.documents || []);
    this.paintToolbar(doc);
    this.details.paint(doc);
    $('tangram-tools').hidden = doc?.kind !== 'tangram';
    $('sudoku-tools').hidden = doc?.kind !== 'sudoku';
    $('stage').hidden = !doc;
    $('empty').hidden = !!doc;
    if (doc?.kind === 'tangram') $('layer-select').value = doc.layer;
    $('caption').textContent = doc ? caption(doc, state.play) : '';
    // The caption's number, for scripts: the edits in the undo history.
    if (doc) $('caption').dataset.edits = String(doc.edits); else delete $('caption').dataset.edits;
    $('status').textContent = doc ? state.status || state.svgError || '–' : 'No puzzle open';
    const hint = state.hint || firstSteps(state.analysis);
    $('hint-row').hidden = !hint;
    $('hint').textContent = hint || '–';
    this.highlighted = null; this.highlightedItem = null; document.body.dataset.highlighted = '';
    this.paintFindings(state.findings || []);
    this.analysis.paint();
    this.play.paint();
    // Serving a folder with nothing open starts on its puzzles (the pack view), not an empty board;
    // a puzzle opened from elsewhere (the REPL, another page) closes that first view.
    if (paint === 1 && !doc) { this.autoPack = true; this.pack.show(); }
    if (doc && this.autoPack) { this.autoPack = false; if ($('pack').open) $('pack').close(); }
    this.tray.paint();
    for (const warning of state.warnings || []) this.log(warning, 'warning');
    this.repaintOverlay(false);
    const picture = this.paintPicture(state, doc);
    // The version goes up once the new picture can be seen (or failed to decode).
    picture.then(() => {
      if (paint !== this.paints) return;
      document.body.dataset.stateVersion = String(state.version);
      this.repainted();
    });
  }

  paintPicture(state, doc) {
    const picture = $('picture');
    if (this.pictureURL) URL.revokeObjectURL(this.pictureURL);
    this.pictureURL = null;
    const mode = this.viewMode || 'board';
    $('view-switch').hidden = !doc;
    document.querySelectorAll('[data-tangram-only]').forEach((b) => { b.hidden = doc?.kind !== 'tangram'; });
    $('overlay').style.visibility = mode === 'board' ? '' : 'hidden';
    document.body.dataset.view = mode;
    if (doc && mode !== 'board') {
      // The child's view (or the card), drawn by the server's renderer as `gridedit render` draws it.
      picture.alt = `${doc.title}: ${mode === 'card' ? 'its card' : `the ${mode} a child is shown`}`;
      picture.src = `/view?as=${mode}&v=${state.version}`;
      return picture.decode().catch(() => {});
    }
    this.pictureURL = state.svg ? URL.createObjectURL(new Blob([state.svg], { type: 'image/svg+xml' })) : null;
    picture.alt = doc ? `${doc.title}, as gridedit render draws it` : '';
    if (!this.pictureURL) { picture.removeAttribute('src'); return Promise.resolve(); }
    picture.src = this.pictureURL;
    return picture.decode().catch(() => {});
  }

  paintTabs(documents) {
    $('documents').replaceChildren(...documents.map((d, i) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.className = 'tab';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(!!d.active));
      tab.setAttribute('aria-label', `${d.name}${d.dirty ? ', modified' : ''}`);
      tab.dataset.document = d.name;
      tab.textContent = d.name;
      if (d.dirty) tab.append(Object.assign(document.createElement('span'), { className: 'dirty', textContent: ' •' }));
      if (!d.active) tab.addEventListener('click', () => this.run(`switch ${i + 1}`));
      return tab;
    }));
  }

  paintToolbar(doc) {
    const undo = $('undo-button'), redo = $('redo-button');
    undo.disabled = !doc?.undo;
    undo.title = doc?.undo ? `Undo ${doc.undo} (Ctrl-Z)` : 'Nothing to undo';
    redo.disabled = !doc?.redo;
    redo.title = doc?.redo ? `Redo ${doc.redo} (Ctrl-Y)` : 'Nothing to redo';
    $('save-button').disabled = !doc;
    $('save-button').textContent = doc?.dirty ? 'Save •' : 'Save';
    $('validate-button').disabled = !doc;
  }

  paintFindings(findings) {
    const list = $('findings');
    const errors = findings.filter((f) => f.severity === 'error').length;
    const count = $('findings-count');
    count.textContent = String(findings.length);
    count.dataset.findings = String(findings.length);
    count.dataset.errors = String(errors);
    count.className = 'badge' + (errors ? ' errors' : findings.length ? ' warnings' : '');
    if (!findings.length) {
      list.replaceChildren(Object.assign(document.createElement('li'), { className: 'none', textContent: 'No problems found' }));
      return;
    }
    list.replaceChildren(...findings.map((f) => {
      const li = document.createElement('li');
      li.className = f.severity;
      li.dataset.rule = f.rule;
      const rule = Object.assign(document.createElement('span'), { className: 'rule', textContent: f.rule });
      const message = Object.assign(document.createElement('span'), { className: 'message', textContent: ' ' + f.message });
      li.append(rule, message);
      if (f.location) li.append(Object.assign(document.createElement('span'), { className: 'location', textContent: ` · ${f.location}` }));
      // Choosing a finding points at its pieces or cells on the board.
      if (f.parts?.length) {
        li.dataset.parts = f.parts.join(' ');
        li.tabIndex = 0;
        li.setAttribute('role', 'button');
        li.setAttribute('aria-label', `${f.rule}: ${f.message} (show ${f.parts.join(', ')} on the board)`);
        const choose = () => this.highlight(f.parts, li);
        li.addEventListener('click', choose);
        li.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); choose(); } });
      }
      return li;
    }));
  }

  /** Shows the board for editing, or the puzzle as a child gets it (read-only). */
  showView(mode) {
    // Edit on a play board ends the play (its record is kept).
    if (mode === 'board' && this.state?.play && (this.viewMode || 'board') === 'board') { this.run('play stop'); }
    this.viewMode = mode;
    document.querySelectorAll('#view-switch [data-view]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.view === mode)));
    if (!this.state) return;
    this.paintPicture(this.state, this.state.document).then(() => this.repainted());
  }

  /** Marks a finding's parts on the board (again: unmarks them). body[data-highlighted] lists them. */
  highlight(parts, item) {
    const same = this.highlightedItem === item;
    document.querySelectorAll('#findings li.chosen').forEach((li) => li.classList.remove('chosen'));
    this.highlighted = same ? null : new Set(parts);
    this.highlightedItem = same ? null : item;
    if (!same) item.classList.add('chosen');
    document.body.dataset.highlighted = same ? '' : parts.join(' ');
    this.repaintOverlay();
  }

  /** Redraws the pieces or cells (after a selection, say); `counts` is false inside `paint`. */
  repaintOverlay(counts = true) {
    const overlay = $('overlay');
    overlay.setAttribute('viewBox', `0 0 ${this.state?.size || 640} ${this.state?.size || 640}`);
    overlay.replaceChildren();
    if (this.state?.frame || this.state?.shapes) this.view?.draw(overlay);
    if (this.state?.frame) this.analysis.draw(overlay);
    this.play.draw(overlay);
    if (counts) this.repainted();
  }

  /** body[data-repaints] counts every repaint, the page's own (a selection) and the server's. */
  repainted() {
    document.body.dataset.repaints = String(Number(document.body.dataset.repaints || 0) + 1);
  }

  // MARK: requests

  run(line) { return this.connection.command(line).then((reply) => this.showReply(reply)); }

  showReply(reply) {
    if (!reply) return reply;
    for (const line of reply.output || []) this.log(line.text, line.style);
    if (reply.type === 'error') this.log(reply.message, 'error');
    if (reply.error && !(reply.output || []).some((l) => l.text === reply.error)) this.log(reply.error, 'error');
    return reply;
  }

  log(text, style = 'plain') {
    const log = $('log');
    const li = document.createElement('li');
    li.className = style;
    li.textContent = text;
    log.appendChild(li);
    while (log.children.length > 200) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  /** Saves; an untitled puzzle asks for a file first, and a file changed on disk asks before overwriting. */
  async save(path) {
    const doc = this.state?.document;
    if (!doc) return;
    if (path == null && (doc.untitled || doc.path == null)) {
      $('save-as-path').value = `${doc.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'puzzle'}.json`;
      $('save-as-error').hidden = true;
      $('save-as').showModal();
      return;
    }
    const message = path != null ? { type: 'save', path } : { type: 'save' };
    const reply = this.showReply(await this.connection.send(message));
    if (reply?.ok === false && /changed on disk/.test(reply.error || '')) {
      this.conflicted = message;
      $('conflict-message').textContent = reply.error;
      $('conflict').showModal();
    }
    return reply;
  }

  // MARK: input

  wire() {
    const overlay = $('overlay');
    overlay.addEventListener('pointerdown', (e) => { overlay.focus({ preventScroll: true }); this.view?.pointerDown(e, overlay); });
    overlay.addEventListener('pointermove', (e) => this.view?.pointerMove?.(e, overlay));
    overlay.addEventListener('pointerup', (e) => this.view?.pointerUp?.(e, overlay, false));
    overlay.addEventListener('pointercancel', (e) => this.view?.pointerUp?.(e, overlay, true));
    overlay.addEventListener('wheel', (e) => this.view?.wheel?.(e), { passive: false });
    document.addEventListener('keydown', (e) => this.key(e));
    // Ctrl-V over the board: a Sudoku line or link goes into the open grid.
    document.addEventListener('paste', (e) => {
      if (document.querySelector('dialog[open]') || e.target.closest?.('input, select, textarea')) return;
      if (this.view !== this.sudoku) return;
      e.preventDefault();
      this.sudoku.paste(e.clipboardData?.getData('text/plain') || '');
    });
    $('undo-button').addEventListener('click', () => this.run('undo'));
    $('redo-button').addEventListener('click', () => this.run('redo'));
    $('save-button').addEventListener('click', () => this.save());
    $('validate-button').addEventListener('click', () => this.run('validate'));
    $('pack-button').addEventListener('click', () => this.pack.show());
    $('empty-pack-button').addEventListener('click', () => this.pack.show());
    $('layer-select').addEventListener('change', (e) => { this.run(`layer ${e.target.value}`); overlay.focus(); });
    $('candidates-toggle').addEventListener('change', (e) => { this.sudoku.toggleCandidates(e.target.checked); overlay.focus(); });
    $('true-candidates-toggle').addEventListener('change', (e) => { this.sudoku.toggleTrueCandidates(e.target.checked); overlay.focus(); });
    document.querySelectorAll('[data-mode]').forEach((b) => b.addEventListener('click', () => { this.sudoku.setMode(b.dataset.mode); overlay.focus(); }));
    document.querySelectorAll('button[data-entry-mode]').forEach((b) => b.addEventListener('click', () => { this.sudoku.setEntryMode(b.dataset.entryMode); overlay.focus(); }));
    $('hint-button').addEventListener('click', () => this.run('hint --place'));
    document.querySelectorAll('#view-switch [data-view]').forEach((b) => b.addEventListener('click', () => this.showView(b.dataset.view)));
    document.querySelectorAll('#tangram-tools [data-action]').forEach((b) => b.addEventListener('click', () => this.tangram.act(b.dataset.action)));
    $('save-as-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const reply = await this.save($('save-as-path').value.trim());
      if (reply?.ok) { $('save-as').close(); return; }
      $('save-as-error').textContent = reply?.error || reply?.message || 'not saved';
      $('save-as-error').hidden = false;
    });
    $('save-as-cancel').addEventListener('click', () => $('save-as').close());
    $('conflict-cancel').addEventListener('click', () => $('conflict').close());
    $('conflict-overwrite').addEventListener('click', async () => {
      $('conflict').close();
      this.showReply(await this.connection.send({ ...this.conflicted, force: true }));
    });
  }

  key(e) {
    if (document.querySelector('dialog[open]')) return;
    if (e.target.closest?.('input[type="text"], input:not([type]), select, textarea')) return;
    const command = e.ctrlKey || e.metaKey;
    if (command && e.key.toLowerCase() === 'z') { e.preventDefault(); this.run(e.shiftKey ? 'redo' : 'undo'); return; }
    if (command && e.key.toLowerCase() === 'y') { e.preventDefault(); this.run('redo'); return; }
    if (command && e.key.toLowerCase() === 's') { e.preventDefault(); this.save(); return; }
    if (command && e.key.toLowerCase() === 'p') { e.preventDefault(); this.play.start(); return; }
    if (!command && !e.altKey && this.state?.play && e.key.toLowerCase() === 'h') { e.preventDefault(); this.play.hint(); return; }
    if ((command || e.altKey) && !this.view?.takesModifiers) return;
    if (command && ['c', 'v', 'x'].includes(e.key.toLowerCase())) return; // copy and paste stay the browser's
    if (this.view?.key(e)) e.preventDefault();
  }
}

/** Without a hint of its own, the explanation's steps up to the first that places a digit. */
function firstSteps(analysis) {
  const steps = analysis && (!analysis.pending || analysis.partial) ? analysis.steps || [] : [];
  const end = steps.findIndex((s) => s.changes.some((c) => c.role === 'place'));
  return end < 0 ? '' : steps.slice(0, end + 1).map((s) => s.text.replace(/^\d+\.\s*/, '')).join('\n');
}

function caption(doc, play) {
  if (play) return [doc.title, `play board (${play.status})`, `${doc.edits} move${doc.edits === 1 ? '' : 's'}`].join(' · ');
  const parts = [doc.title, doc.path || 'not saved yet', doc.kind];
  if (doc.kind === 'tangram') parts.push(`${doc.layer} layer`);
  parts.push(`${doc.edits} edit${doc.edits === 1 ? '' : 's'}${doc.dirty ? ', unsaved' : ''}`);
  return parts.join(' · ');
}

window.gridedit = new App();

/** The state a `patch` makes of the page's state: its `set` members replaced or added, its
 * `remove` members gone, its version. */
function patched(state, patch) {
  const next = { ...state, ...patch.set, version: patch.version, type: 'state' };
  for (const key of patch.remove || []) delete next[key];
  return next;
}
