// Sudoku cells over the rendered grid, entered the way setters know from SudokuPad:
//
// - Select: click a cell; drag over cells; Shift- or Ctrl-click adds (Ctrl-click on a selected
//   cell takes it out); arrows move, Shift-arrows extend; Ctrl-A selects all; Escape clears.
// - Modes: Z digit, X corner mark, C centre mark, V colour. Holding Shift types corner marks and
//   Ctrl (or Alt, which no browser keeps for itself) centre marks, whatever the mode.
// - A digit (keys or the pad) acts on every selected cell at once, as one edit: in digit mode it
//   goes into the givens or the working grid (the "Digits go into" switch), in the mark modes it
//   toggles the mark, in colour mode the colour. Backspace/Delete clears: digits first, then
//   marks, then colours (in a mark or colour mode, only that layer).
// - Ctrl-V pastes a puzzle line or a SudokuPad or f-puzzles link into the open grid.
//
// Every change is an editor command the server runs (`given`, `set`, `clear`, `mark`, `unmark`,
// `paste`), so undo, the journal and the REPL see the same edits. For tests each cell carries
// data-cell, data-given, data-digit, data-conflict, data-corner, data-centre, data-colours,
// data-redundant, data-suggested and data-true-candidates; body[data-selection] lists the
// selected cells and #sudoku-tools[data-entry-mode] the mode.

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

/** The colours of colour mode, 1–9 (SudokuPad's order of light to strong). */
export const COLOURS = ['#c9ccd1', '#7f8590', '#3b3f46', '#a8e6a1', '#e8a6e6', '#f5b36b', '#f27d72', '#f7e46a', '#8ec5f5'];
/** Where corner marks go, in the order digits fill them (as a fraction of the cell). */
const CORNERS = [[0.17, 0.2], [0.83, 0.2], [0.17, 0.82], [0.83, 0.82], [0.5, 0.2], [0.5, 0.82], [0.17, 0.51], [0.83, 0.51], [0.5, 0.51]];

export class SudokuView {
  constructor(app) {
    this.app = app;
    this.row = 0;
    this.column = 0;
    this.selection = new Set(['r1c1']);
    this.entryMode = 'digit';
    this.showCandidates = false;
    this.showTrueCandidates = false;
    this.dragging = null;
    /** Ctrl-, Shift- and Alt-digits are the grid's (corner and centre marks). */
    this.takesModifiers = true;
  }

  get state() { return this.app.state; }
  get n() { return this.state?.frame?.n || 9; }
  /** Where typed digits go: `given` (the puzzle's givens) or `set` (the working grid). */
  get mode() { return document.querySelector('[data-mode][aria-pressed="true"]')?.dataset.mode || 'given'; }

  setMode(mode) {
    document.querySelectorAll('[data-mode]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.mode === mode)));
  }

  /** Digit, corner, centre or colour: what a digit key does. */
  setEntryMode(mode) {
    this.entryMode = mode;
    document.querySelectorAll('[data-entry-mode]').forEach((b) => {
      if (b.tagName === 'BUTTON') b.setAttribute('aria-pressed', String(b.dataset.entryMode === mode));
    });
    $('sudoku-tools').dataset.entryMode = mode;
    this.paintPad();
  }

  /** The keypad: 1–n (colour swatches in colour mode) and Delete, for a mouse or a finger. */
  paintPad() {
    const pad = $('digit-pad');
    if (!pad) return;
    const count = this.entryMode === 'colour' ? 9 : this.n;
    if (pad.dataset.count === String(count) && pad.dataset.mode === this.entryMode) return;
    pad.dataset.count = String(count);
    pad.dataset.mode = this.entryMode;
    const buttons = [];
    for (let d = 1; d <= count; d++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.padDigit = String(d);
      if (this.entryMode === 'colour') {
        b.className = 'swatch';
        b.style.background = COLOURS[d - 1];
        b.setAttribute('aria-label', `Colour ${d}`);
      } else {
        b.textContent = String(d);
        b.setAttribute('aria-label', `${{ digit: 'Digit', corner: 'Corner mark', centre: 'Centre mark' }[this.entryMode]} ${d}`);
      }
      b.addEventListener('click', () => { this.enter(d, this.entryMode); $('overlay').focus({ preventScroll: true }); });
      buttons.push(b);
    }
    const erase = Object.assign(document.createElement('button'), { type: 'button', textContent: '⌫' });
    erase.setAttribute('aria-label', 'Clear the selected cells');
    erase.addEventListener('click', () => { this.erase(); $('overlay').focus({ preventScroll: true }); });
    buttons.push(erase);
    pad.replaceChildren(...buttons);
  }

  // MARK: drawing

  cellsByName() {
    const map = new Map();
    for (const cell of this.state?.cells || []) map.set(cell.cell, cell);
    return map;
  }

  draw(overlay) {
    const f = this.state.frame;
    const n = f.n;
    this.row = Math.min(this.row, n - 1);
    this.column = Math.min(this.column, n - 1);
    for (const name of [...this.selection]) if (!valid(name, n)) this.selection.delete(name);
    if (!this.selection.size) this.selection.add(`r${this.row + 1}c${this.column + 1}`);
    const analysis = this.app.analysis.ready();
    const marks = analysisMarks(analysis);
    const step = this.app.analysis.currentStep();
    const solved = this.app.analysis.placedBeforeStep();
    const showTrue = this.showTrueCandidates && analysis;
    for (const cell of this.state.cells || []) {
      const [r, c] = rowColumn(cell.cell);
      const x = f.left + (c - 1) * f.cell, y = f.top + (r - 1) * f.cell, s = f.cell;
      const m = cell.marks || {};
      // Colours under everything (stripes when a cell has several).
      (m.colours || []).forEach((colour, i, all) => {
        overlay.appendChild(rect(x + (s * i) / all.length, y, s / all.length, s, 'colour', { fill: COLOURS[colour - 1] }));
      });
      // A conflict covers the drawing's digit with its own, in red.
      if (cell.conflict) overlay.appendChild(rect(x + 2, y + 2, s - 4, s - 4, 'conflict-fill'));
      if (step?.focus.includes(cell.cell)) overlay.appendChild(rect(x + 1, y + 1, s - 2, s - 2, 'step-focus'));
      const digit = cell.given || cell.digit;
      if (digit && cell.conflict) overlay.appendChild(text(x + s / 2, y + s / 2, digit, 'digit conflict', s * 0.6));
      else if (cell.digit) overlay.appendChild(text(x + s / 2, y + s / 2, cell.digit, 'digit', s * 0.55));
      else if (!digit && solved.has(cell.cell)) overlay.appendChild(text(x + s / 2, y + s / 2, solved.get(cell.cell), 'digit solved', s * 0.5));
      if (!digit && !solved.has(cell.cell)) {
        const placed = step?.changes.find((ch) => ch.role === 'place' && ch.part === cell.cell);
        const removed = new Set((step?.changes || []).filter((ch) => ch.role === 'remove' && ch.part === cell.cell).map((ch) => ch.digits[0]));
        if (placed) {
          overlay.appendChild(text(x + s / 2, y + s / 2, placed.digits[0], 'digit placed', s * 0.55));
        } else if (showTrue || this.showCandidates) {
          const list = showTrue ? marks.get('true-candidates')?.get(cell.cell) || [] : cell.candidates || [];
          candidates(overlay, x, y, s, n, [...new Set([...list, ...removed])].sort(), removed);
        } else if (removed.size) {
          // The step rules these out: struck through in red where they would stand.
          candidates(overlay, x, y, s, n, [...removed], removed);
        } else {
          corner(overlay, x, y, s, m.corner || []);
          if (m.centre?.length) overlay.appendChild(text(x + s / 2, y + s / 2, m.centre.join(''), 'centre-mark', s * Math.min(0.3, 1.3 / m.centre.length)));
        }
      }
      const suggested = marks.get('suggested')?.get(cell.cell);
      if (suggested) {
        overlay.appendChild(rect(x + 4, y + 4, s - 8, s - 8, 'suggested'));
        overlay.appendChild(text(x + s / 2, y + s / 2, suggested[0], 'digit suggested', s * 0.5));
      }
      // A redundant given: a small ring in its top-right corner (the given stays readable).
      if (marks.get('redundant')?.has(cell.cell)) overlay.appendChild(circle(x + s * 0.86, y + s * 0.14, s * 0.07, 'redundant'));

      // The interactive cell, on top.
      const selected = this.selection.has(cell.cell);
      const target = rect(x, y, s, s, 'cell' + (selected ? ' selected' : '') + (this.app.highlighted?.has(cell.cell) ? ' highlighted' : ''));
      const data = target.dataset;
      data.cell = cell.cell;
      data.given = cell.given;
      data.digit = cell.digit;
      if (cell.conflict) data.conflict = 'true';
      if (m.corner?.length) data.corner = m.corner.join(' ');
      if (m.centre?.length) data.centre = m.centre.join(' ');
      if (m.colours?.length) data.colours = m.colours.join(' ');
      if (marks.get('redundant')?.has(cell.cell)) data.redundant = 'true';
      if (suggested) data.suggested = String(suggested[0]);
      const trueCandidates = marks.get('true-candidates')?.get(cell.cell);
      if (trueCandidates) data.trueCandidates = trueCandidates.join(' ');
      target.setAttribute('role', 'gridcell');
      target.setAttribute('aria-label', describe(cell, m));
      if (selected) target.setAttribute('aria-selected', 'true');
      overlay.appendChild(target);
    }
    const list = [...this.selection];
    document.body.dataset.selection = list.join(' ');
    $('selected-cell').textContent = list.length === 1 ? list[0] : `${list.length} cells`;
    this.paintPad();
    this.paintLinks();
  }

  paintLinks() {
    const links = this.state?.links || {};
    for (const [id, key] of [['open-sudokupad', 'sudokupad'], ['open-fpuzzles', 'fpuzzles']]) {
      const a = $(id);
      if (!a) continue;
      if (links[key]) a.href = links[key]; else a.removeAttribute('href');
    }
  }

  // MARK: selection

  cellAt(event) {
    const hit = event.target.closest?.('[data-cell]') || document.elementFromPoint(event.clientX, event.clientY)?.closest?.('[data-cell]');
    return hit?.dataset.cell || null;
  }

  pointerDown(event) {
    const name = this.cellAt(event);
    if (!name) return;
    const [r, c] = rowColumn(name);
    this.row = r - 1; this.column = c - 1;
    const adding = event.shiftKey || event.ctrlKey || event.metaKey;
    if (adding && (event.ctrlKey || event.metaKey) && this.selection.has(name) && this.selection.size > 1) {
      this.selection.delete(name);
      this.dragging = null;
    } else {
      if (!adding) this.selection.clear();
      this.selection.add(name);
      this.dragging = { pointer: event.pointerId };
    }
    this.app.repaintOverlay();
  }

  pointerMove(event) {
    if (!this.dragging || event.pointerId !== this.dragging.pointer || !event.buttons) return;
    const name = this.cellAt(event);
    if (!name || this.selection.has(name)) return;
    const [r, c] = rowColumn(name);
    this.row = r - 1; this.column = c - 1;
    this.selection.add(name);
    this.app.repaintOverlay();
  }

  pointerUp() { this.dragging = null; }

  selectAll() {
    this.selection = new Set((this.state?.cells || []).map((c) => c.cell));
    this.app.repaintOverlay();
  }

  // MARK: keys

  /** Keys reach here before the app's own shortcuts, so Ctrl-digit and Ctrl-A are the grid's. */
  key(event) {
    const n = this.n;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const command = event.ctrlKey || event.metaKey;
    if (moves[event.key] && !event.altKey) {
      const [dr, dc] = moves[event.key];
      this.row = (this.row + dr + n) % n; this.column = (this.column + dc + n) % n;
      const name = `r${this.row + 1}c${this.column + 1}`;
      if (!(event.shiftKey || command)) this.selection.clear();
      this.selection.add(name);
      this.app.repaintOverlay();
      return true;
    }
    const digit = digitOf(event);
    if (digit && digit <= (this.entryMode === 'colour' && !event.shiftKey && !command && !event.altKey ? 9 : n)) {
      const mode = event.shiftKey ? 'corner' : command || event.altKey ? 'centre' : this.entryMode;
      this.enter(digit, mode);
      return true;
    }
    if (command && event.key.toLowerCase() === 'a') { this.selectAll(); return true; }
    if (command || event.altKey) return false;
    if (['Backspace', 'Delete'].includes(event.key) || (['0', '.'].includes(event.key) && this.entryMode === 'digit')) {
      this.erase();
      return true;
    }
    if (event.key === 'Escape') {
      this.selection = new Set([`r${this.row + 1}c${this.column + 1}`]);
      this.app.repaintOverlay();
      return true;
    }
    const modes = { z: 'digit', x: 'corner', c: 'centre', v: 'colour' };
    if (modes[event.key.toLowerCase()]) { this.setEntryMode(modes[event.key.toLowerCase()]); return true; }
    return false;
  }

  /** The selection as the commands write it: `r1c1,r1c2`, in reading order. */
  cellsText() {
    return [...this.selection].sort((a, b) => order(a) - order(b)).join(',');
  }

  /** A digit (or colour) on every selected cell, in `mode`: one command, one edit. */
  enter(digit, mode) {
    const cells = this.cellsText();
    if (!cells) return;
    if (mode === 'digit') this.app.run(this.mode === 'given' ? `given ${cells} ${digit}` : `set ${cells} ${digit}`);
    else this.app.run(`mark ${mode} ${cells} ${digit}`);
  }

  /** Backspace: in digit mode the digits (givens or entries), else marks, else colours; in a mark mode that layer. */
  erase() {
    const byName = this.cellsByName();
    const chosen = [...this.selection].map((name) => byName.get(name)).filter(Boolean);
    const cells = this.cellsText();
    const has = (layer) => chosen.some((c) => c.marks?.[layer]?.length);
    if (this.entryMode === 'digit') {
      // The digits the switch names first (givens or entries); entries also when no given is selected.
      const givens = this.mode === 'given' ? chosen.filter((c) => c.given) : [];
      const entries = chosen.filter((c) => c.digit);
      if (givens.length) this.app.run(`given ${givens.map((c) => c.cell).join(',')} .`);
      else if (entries.length) this.app.run(`clear ${entries.map((c) => c.cell).join(',')}`);
      else if (has('corner') || has('centre')) this.app.run(`unmark ${cells}`);
      else if (has('colours')) this.app.run(`unmark ${cells} colour`);
      else this.app.log(`${cells.replaceAll(',', ', ')}: nothing to clear`, 'note');
      return;
    }
    const layer = this.entryMode === 'colour' ? 'colours' : this.entryMode;
    if (has(layer)) this.app.run(`unmark ${cells} ${this.entryMode}`);
    else this.app.log(`${cells.replaceAll(',', ', ')}: no ${this.entryMode} marks to clear`, 'note');
  }

  /** Ctrl-V: a puzzle line or a SudokuPad or f-puzzles link replaces the givens (one edit). */
  paste(text) {
    const line = text.split(/\r?\n/).map((l) => l.trim()).find((l) => l) || '';
    if (!line) { this.app.log('nothing to paste: copy a puzzle line or a SudokuPad or f-puzzles link', 'error'); return; }
    this.app.run(`paste ${escapeWord(line)}`);
  }

  toggleCandidates(value = !this.showCandidates) {
    this.showCandidates = value;
    if (value) this.showTrueCandidates = false;
    $('candidates-toggle').checked = value;
    $('true-candidates-toggle').checked = this.showTrueCandidates;
    this.app.repaintOverlay();
  }

  toggleTrueCandidates(value = !this.showTrueCandidates) {
    this.showTrueCandidates = value;
    if (value) this.showCandidates = false;
    $('true-candidates-toggle').checked = value;
    $('candidates-toggle').checked = this.showCandidates;
    document.body.dataset.trueCandidates = String(value);
    this.app.repaintOverlay();
  }
}

// MARK: helpers

function valid(name, n) { const [r, c] = rowColumn(name); return r >= 1 && r <= n && c >= 1 && c <= n; }
function rowColumn(name) { return name.slice(1).split('c').map(Number); }
function order(name) { const [r, c] = rowColumn(name); return r * 100 + c; }

/** The digit of a key, from its code so Shift-5 (which types %) is still 5. */
function digitOf(event) {
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(event.code || '');
  if (m) return Number(m[1]);
  return /^[1-9]$/.test(event.key) ? Number(event.key) : 0;
}

/** A word as the editor's command line reads it back (the REPL tokenizer's escapes). */
function escapeWord(word) {
  let out = '';
  for (const ch of word) {
    if (ch === ' ' || ch === '"' || ch === "'" || ch === '\\' || (ch === '#' && !out)) out += '\\';
    out += ch;
  }
  return out;
}

/** The analysis marks by role, then by cell: role → Map(cell → digits). */
function analysisMarks(analysis) {
  const byRole = new Map();
  for (const mark of analysis?.marks || []) {
    if (!byRole.has(mark.role)) byRole.set(mark.role, new Map());
    byRole.get(mark.role).set(mark.part, mark.digits);
  }
  return byRole;
}

function describe(cell, m) {
  const parts = [cell.given ? `given ${cell.given}` : cell.digit ? `entered ${cell.digit}` : 'empty'];
  if (cell.conflict) parts.push('conflicts');
  if (m.corner?.length) parts.push(`corner ${m.corner.join(' ')}`);
  if (m.centre?.length) parts.push(`centre ${m.centre.join(' ')}`);
  if (m.colours?.length) parts.push(`colour ${m.colours.join(' ')}`);
  return `${cell.cell}: ${parts.join(', ')}`;
}

function corner(overlay, x, y, s, digits) {
  digits.slice(0, CORNERS.length).forEach((d, i) => {
    overlay.appendChild(text(x + CORNERS[i][0] * s, y + CORNERS[i][1] * s, d, 'corner-mark', s * 0.24));
  });
}

function candidates(overlay, x, y, s, n, digits, removed) {
  const side = Math.ceil(Math.sqrt(n));
  for (const d of digits) {
    const i = d - 1;
    const cx = x + ((i % side) + 0.5) * s / side, cy = y + (Math.floor(i / side) + 0.5) * s / side;
    overlay.appendChild(text(cx, cy, d, removed.has(d) ? 'candidate removed' : 'candidate', s * 0.22));
  }
}

function rect(x, y, width, height, cls, attributes = {}) {
  const r = document.createElementNS(SVG, 'rect');
  Object.entries({ x, y, width, height, ...attributes }).forEach(([k, v]) => r.setAttribute(k, v));
  r.setAttribute('class', cls);
  return r;
}

function circle(cx, cy, radius, cls) {
  const c = document.createElementNS(SVG, 'circle');
  Object.entries({ cx, cy, r: radius }).forEach(([k, v]) => c.setAttribute(k, v));
  c.setAttribute('class', cls);
  return c;
}

function text(x, y, value, cls, size) {
  const t = document.createElementNS(SVG, 'text');
  t.setAttribute('x', x); t.setAttribute('y', y); t.setAttribute('class', cls);
  t.setAttribute('font-size', size);
  t.textContent = value;
  return t;
}
