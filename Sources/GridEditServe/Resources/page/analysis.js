// The verifier on the board: the panel of the kind's analysis (a tangram's solutions, up to the
// figure's symmetry, and difficulty), the regions where solutions differ, and a stepper through
// the distinct solutions drawn as outlines over the figure. The server works the analysis out
// off the edit path and sends it with the state once ready (`analysis.pending` until then).
//
// A Sudoku's analysis adds marks on cells (redundant givens, the suggested given, true
// candidates: the kind's view draws them) and the explanation's steps, stepped through here; the
// kind's view draws the step shown (its cells, what it places and rules out).
//
// A kind may send a first part while the rest is worked out (a Sudoku's count and true
// candidates before its grade): data-analysis is then `partial`, the numbers known are shown.
//
// For tests: #analysis carries data-analysis (none | pending | partial | ready) and one data-* attribute per
// number (data-solutions, data-distinct-solutions, data-difficulty, data-tier, data-score,
// data-hardest, …); #alternative-label's data-alternative is the solution shown (1-based, 0 for
// none); #step-label's data-step the explanation step shown (0 for none) of data-steps.

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
    this.explained = 0; // 0: no explanation step shown; i: the i-th step
    $('step-previous').addEventListener('click', () => this.moveStep(-1));
    $('step-next').addEventListener('click', () => this.moveStep(1));
    $('step-hide').addEventListener('click', () => { this.explained = 0; this.paintSteps(); this.app.repaintOverlay(); });
  }

  /** The analysis when it is ready (not pending), else null. */
  ready() { const a = this.analysis; return a && (!a.pending || a.partial) ? a : null; }

  /** The explanation step shown, or null. */
  currentStep() { return this.explained ? this.ready()?.steps?.[this.explained - 1] || null : null; }

  /** The digits placed by the steps before the one shown, by cell (the grid as the solver has it then). */
  placedBeforeStep() {
    const placed = new Map();
    const steps = this.ready()?.steps || [];
    for (const step of steps.slice(0, Math.max(0, this.explained - 1))) {
      for (const change of step.changes) if (change.role === 'place') placed.set(change.part, change.digits[0]);
    }
    return placed;
  }

  paintSteps() {
    const steps = this.ready()?.steps || [];
    if (this.explained > steps.length) this.explained = 0;
    $('steps').hidden = steps.length === 0;
    const label = $('step-label');
    label.dataset.step = String(this.explained);
    label.dataset.steps = String(steps.length);
    label.textContent = this.explained ? `Step ${this.explained} of ${steps.length}` : `${steps.length} step${steps.length === 1 ? '' : 's'}`;
    $('step-text').textContent = this.explained ? steps[this.explained - 1].text : '';
    $('step-text').hidden = !this.explained;
    $('step-hide').disabled = this.explained === 0;
  }

  moveStep(by) {
    const count = this.ready()?.steps?.length || 0;
    if (!count) return;
    this.explained = this.explained === 0 ? (by > 0 ? 1 : count) : Math.min(count, Math.max(1, this.explained + by));
    this.paintSteps();
    this.app.repaintOverlay();
  }

  get analysis() { return this.app.state?.analysis; }

  paint() {
    const panel = $('analysis');
    const a = this.analysis;
    panel.hidden = !a;
    for (const name of this.names) delete panel.dataset[camel(name)];
    this.names = [];
    if (!a) { panel.dataset.analysis = 'none'; $('steps').hidden = true; return; }
    panel.dataset.analysis = a.partial ? 'partial' : a.pending ? 'pending' : 'ready';
    panel.setAttribute('aria-busy', String(!!a.pending));
    if (a.pending && !a.partial) {
      $('analysis-status').textContent = 'Working it out…';
      $('steps').hidden = true;
      return;
    }
    $('analysis-status').textContent = a.status;
    const numbers = $('analysis-numbers');
    numbers.replaceChildren(...a.numbers.flatMap((n) => {
      panel.dataset[camel(n.name)] = n.value;
      this.names.push(n.name);
      const term = Object.assign(document.createElement('dt'), { textContent: n.label });
      const value = Object.assign(document.createElement('dd'), { textContent: n.text ?? n.value });
      value.dataset.number = n.name;
      return [term, value];
    }));
    $('analysis-notes').replaceChildren(...a.notes.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
    // Another figure (another puzzle, or an edit): start again from no solution drawn.
    const signature = `${this.app.state.document?.name}\n${JSON.stringify(a.alternatives)}`;
    if (signature !== this.signature) { this.signature = signature; this.shown = 0; }
    const steps = `${this.app.state.document?.name}\n${(a.steps || []).map((s) => s.text).join('\n')}`;
    if (steps !== this.stepsSignature) { this.stepsSignature = steps; this.explained = 0; }
    this.paintStepper();
    this.paintSteps();
  }

  paintStepper() {
    const a = this.analysis;
    const count = a && !a.pending ? (a.alternatives || []).length : 0;
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
    (a.regions || []).forEach((rings, i) => {
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
