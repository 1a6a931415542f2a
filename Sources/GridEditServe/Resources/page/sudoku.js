// Sudoku cells over the rendered grid: click or arrow keys select a cell, digits go into the
// givens (`given r3c4 5`) or the working grid (`set r3c4 5`), through the editor's commands.

const SVG = 'http://www.w3.org/2000/svg';

export class SudokuView {
  constructor(app) {
    this.app = app;
    this.row = 0;
    this.column = 0;
    this.showCandidates = false;
  }

  get state() { return this.app.state; }
  /** Where typed digits go: `given` (the puzzle's givens) or `set` (the working grid). */
  get mode() { return document.querySelector('[data-mode][aria-pressed="true"]')?.dataset.mode || 'given'; }

  setMode(mode) {
    document.querySelectorAll('[data-mode]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.mode === mode)));
  }

  draw(overlay) {
    const f = this.state.frame;
    const n = f.n;
    this.row = Math.min(this.row, n - 1);
    this.column = Math.min(this.column, n - 1);
    for (const cell of this.state.cells || []) {
      const [r, c] = cell.cell.slice(1).split('c').map(Number);
      const x = f.left + (c - 1) * f.cell, y = f.top + (r - 1) * f.cell;
      const rect = document.createElementNS(SVG, 'rect');
      Object.entries({ x, y, width: f.cell, height: f.cell }).forEach(([k, v]) => rect.setAttribute(k, v));
      const selected = r - 1 === this.row && c - 1 === this.column;
      rect.setAttribute('class', 'cell' + (selected ? ' selected' : '') + (this.app.highlighted?.has(cell.cell) ? ' highlighted' : ''));
      rect.dataset.cell = cell.cell;
      rect.dataset.given = cell.given;
      rect.dataset.digit = cell.digit;
      rect.setAttribute('role', 'gridcell');
      rect.setAttribute('aria-label', `${cell.cell}: ${cell.given ? `given ${cell.given}` : cell.digit ? `entered ${cell.digit}` : 'empty'}`);
      if (selected) rect.setAttribute('aria-selected', 'true');
      overlay.appendChild(rect);
      if (cell.digit) overlay.appendChild(text(x + f.cell / 2, y + f.cell / 2, cell.digit, 'digit', f.cell * 0.55));
      if (this.showCandidates && cell.candidates) {
        const side = Math.ceil(Math.sqrt(n));
        for (const d of cell.candidates) {
          const i = d - 1;
          overlay.appendChild(text(x + ((i % side) + 0.5) * f.cell / side, y + (Math.floor(i / side) + 0.5) * f.cell / side, d, 'candidate', f.cell * 0.22));
        }
      }
    }
    document.getElementById('selected-cell').textContent = `r${this.row + 1}c${this.column + 1}`;
  }

  pointerDown(event) {
    const target = event.target.closest?.('[data-cell]');
    if (!target) return;
    const [r, c] = target.dataset.cell.slice(1).split('c').map(Number);
    this.row = r - 1; this.column = c - 1;
    this.app.repaintOverlay();
  }

  key(event) {
    const n = this.state.frame.n;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (moves[event.key]) {
      const [dr, dc] = moves[event.key];
      this.row = (this.row + dr + n) % n; this.column = (this.column + dc + n) % n;
      this.app.repaintOverlay();
      return true;
    }
    const cell = `r${this.row + 1}c${this.column + 1}`;
    if (/^[1-9]$/.test(event.key) && Number(event.key) <= n) {
      this.app.run(this.mode === 'given' ? `given ${cell} ${event.key}` : `set ${cell} ${event.key}`);
      return true;
    }
    if (['Backspace', 'Delete', '0', '.', ' '].includes(event.key)) {
      this.app.run(this.mode === 'given' ? `given ${cell} .` : `clear ${cell}`);
      return true;
    }
    if (event.key === 'c') { this.toggleCandidates(); return true; }
    return false;
  }

  toggleCandidates(value = !this.showCandidates) {
    this.showCandidates = value;
    document.getElementById('candidates-toggle').checked = value;
    this.app.repaintOverlay();
  }
}

function text(x, y, value, cls, size) {
  const t = document.createElementNS(SVG, 'text');
  t.setAttribute('x', x); t.setAttribute('y', y); t.setAttribute('class', cls);
  t.setAttribute('font-size', size);
  t.textContent = value;
  return t;
}
