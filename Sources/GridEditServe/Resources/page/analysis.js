// The verifier on the board: the panel of the kind's analysis (a tangram's solutions, up to the
// figure's symmetry, and difficulty), the regions where solutions differ, and a stepper through
// the distinct solutions drawn as outlines over the figure. The server works the analysis out
// off the edit path and sends it with the state once ready (`analysis.pending` until then).
//
// For tests: #analysis carries data-analysis (none | pending | ready) and one data-* attribute per
// number (data-solutions, data-distinct-solutions, data-difficulty, …); #alternative-label's
// data-alternative is the solution shown (1-based, 0 for none).

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

export class AnalysisView {
  constructor(app) {
    this.app = app;
    this.shown = 0; // 0: no solution drawn; i: the i-th distinct solution
    this.names = [];
    $('alternative-previous').addEventListener('click', () => this.step(-1));
    $('alternative-next').addEventListener('click', () => this.step(1));
    $('alternative-hide').addEventListener('click', () => { this.shown = 0; this.paintStepper(); this.app.repaintOverlay(); });
  }

  get analysis() { return this.app.state?.analysis; }

  paint() {
    const panel = $('analysis');
    const a = this.analysis;
    panel.hidden = !a;
    for (const name of this.names) delete panel.dataset[camel(name)];
    this.names = [];
    if (!a) { panel.dataset.analysis = 'none'; return; }
    panel.dataset.analysis = a.pending ? 'pending' : 'ready';
    panel.setAttribute('aria-busy', String(!!a.pending));
    if (a.pending) {
      $('analysis-status').textContent = 'Working it out…';
      return;
    }
    $('analysis-status').textContent = a.status;
    const numbers = $('analysis-numbers');
    numbers.replaceChildren(...a.numbers.flatMap((n) => {
      panel.dataset[camel(n.name)] = n.value;
      this.names.push(n.name);
      const term = Object.assign(document.createElement('dt'), { textContent: n.label });
      const value = Object.assign(document.createElement('dd'), { textContent: n.value });
      value.dataset.number = n.name;
      return [term, value];
    }));
    $('analysis-notes').replaceChildren(...a.notes.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
    // Another figure (another puzzle, or an edit): start again from no solution drawn.
    const signature = `${this.app.state.document?.name}\n${JSON.stringify(a.alternatives)}`;
    if (signature !== this.signature) { this.signature = signature; this.shown = 0; }
    this.paintStepper();
  }

  paintStepper() {
    const a = this.analysis;
    const count = a && !a.pending ? a.alternatives.length : 0;
    $('alternatives').hidden = count === 0;
    const label = $('alternative-label');
    label.dataset.alternative = String(this.shown);
    label.dataset.alternatives = String(count);
    label.textContent = this.shown ? `Solution ${this.shown} of ${count}` : `${count} distinct solution${count === 1 ? '' : 's'}`;
    $('alternative-previous').disabled = count === 0;
    $('alternative-next').disabled = count === 0;
    $('alternative-hide').disabled = this.shown === 0;
  }

  step(by) {
    const count = this.analysis?.alternatives?.length || 0;
    if (!count) return;
    this.shown = this.shown === 0 ? (by > 0 ? 1 : count) : ((this.shown - 1 + by + count) % count) + 1;
    this.paintStepper();
    this.app.repaintOverlay();
  }

  /** Over the board, in the solution layer: the ambiguous regions hatched, and the solution stepped to. */
  draw(overlay) {
    const a = this.analysis;
    const doc = this.app.state?.document;
    if (!a || a.pending || (doc?.layer && doc.layer !== 'solution')) return;
    const defs = document.createElementNS(SVG, 'defs');
    defs.innerHTML = '<pattern id="ambiguity-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
      + '<line x1="0" y1="0" x2="0" y2="8" class="hatch-line"/></pattern>';
    overlay.appendChild(defs);
    a.regions.forEach((rings, i) => {
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', rings.map((ring) => 'M' + ring.map(([x, y]) => `${x},${y}`).join('L') + 'Z').join(''));
      path.setAttribute('class', 'ambiguity');
      path.setAttribute('fill-rule', 'evenodd');
      path.dataset.ambiguity = String(i + 1);
      path.setAttribute('aria-label', a.notes.find((n) => n.startsWith('can be filled')) || 'can be filled more than one way');
      overlay.appendChild(path);
    });
    if (!this.shown) return;
    for (const part of a.alternatives[this.shown - 1] || []) {
      const polygon = document.createElementNS(SVG, 'polygon');
      polygon.setAttribute('points', part.points.map(([x, y]) => `${x},${y}`).join(' '));
      polygon.setAttribute('class', 'alternative');
      polygon.dataset.alternativePiece = part.part;
      overlay.appendChild(polygon);
    }
  }
}

function camel(name) { return name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()); }
