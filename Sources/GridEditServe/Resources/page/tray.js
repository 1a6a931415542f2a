// The tray beside the board: the pieces the tangram's layer lacks. Drag one onto the board and
// it lands through the settling engine like any drop (`place PIECE X Y ANGLE [flip]`, with the
// turn it last had on the board, or as turned in the tray); drag a piece from the board onto the
// tray to take it off (`remove`). Each tray piece is a button too: R / Shift-R turn it by 45°, F
// flips it, Enter places it in the middle of the board.
//
// For tests: #tray[data-pieces] lists the pieces waiting; each carries data-tray-piece.

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

export class TrayView {
  constructor(app) {
    this.app = app;
    this.turns = new Map();  // piece → {rotation, flip, outline (units about the origin)} as last seen on the board
    this.dragging = null;
  }

  get state() { return this.app.state; }

  paint() {
    const tray = $('tray');
    const unplaced = this.state?.document?.kind === 'tangram' ? this.state.unplaced : null;
    tray.hidden = !unplaced;
    if (!unplaced) return;
    this.remember();
    tray.dataset.pieces = unplaced.map((p) => p.piece).join(' ');
    const list = $('tray-pieces');
    list.replaceChildren(...unplaced.map((p) => this.trayPiece(p)));
    $('tray-empty').hidden = unplaced.length > 0;
  }

  /** The turn each placed piece has, so it goes back the way it was. */
  remember() {
    for (const p of this.state.pieces || []) this.turns.set(p.piece, { rotation: p.rotation, flip: p.flip });
  }

  /** A tray piece's turn and its outline for that turn (the server's, exact). */
  shape(piece) {
    const turn = this.turns.get(piece.piece) || { rotation: 0, flip: false };
    const eighths = ((Math.round(turn.rotation / 45) % 8) + 8) % 8;
    return { ...turn, outline: piece.outlines[turn.flip ? 1 : 0][eighths] };
  }

  /** Turns a tray piece by 45° steps, or flips it (page state: nothing is edited until it is placed). */
  turn(piece, by, flip = false) {
    const turn = this.turns.get(piece) || { rotation: 0, flip: false };
    this.turns.set(piece, { rotation: (((turn.rotation + by * 45) % 360) + 360) % 360, flip: flip ? !turn.flip : turn.flip });
    this.paint();
    document.querySelector(`#tray [data-tray-piece="${piece}"]`)?.focus();
  }

  trayPiece(piece) {
    const { outline } = this.shape(piece);
    const xs = outline.map((p) => p[0]), ys = outline.map((p) => p[1]);
    const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
    const svg = document.createElementNS(SVG, 'svg');
    const pad = 0.15;
    svg.setAttribute('viewBox', `${minX - pad} ${-maxY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`);
    svg.setAttribute('class', 'tray-piece');
    svg.setAttribute('role', 'button');
    svg.setAttribute('tabindex', '0');
    svg.setAttribute('aria-label', `Place ${piece.piece}: drag it onto the board`);
    svg.dataset.trayPiece = piece.piece;
    const polygon = document.createElementNS(SVG, 'polygon');
    polygon.setAttribute('points', outline.map(([x, y]) => `${x},${-y}`).join(' '));
    if (piece.color) polygon.style.fill = piece.color;
    svg.appendChild(polygon);
    svg.addEventListener('pointerdown', (e) => this.start(e, piece, svg));
    svg.dataset.rotation = String(this.shape(piece).rotation);
    svg.dataset.flip = String(this.shape(piece).flip);
    svg.setAttribute('aria-keyshortcuts', 'R Shift+R F Enter');
    svg.addEventListener('keydown', (e) => {
      if (e.key === 'r' || e.key === 'R') { e.preventDefault(); e.stopPropagation(); this.turn(piece.piece, e.shiftKey ? -1 : 1); return; }
      if (e.key === 'f' || e.key === 'F') { e.preventDefault(); e.stopPropagation(); this.turn(piece.piece, 0, true); return; }
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      const c = centre(this.shape(piece).outline);
      this.place(piece.piece, 4 - c[0], 4 - c[1]);
    });
    return svg;
  }

  /** A drag from the tray: the piece follows the pointer over the board, its middle under it. */
  start(event, piece, element) {
    event.preventDefault();
    element.setPointerCapture(event.pointerId);
    element.focus({ preventScroll: true });
    this.dragging = { piece: piece.piece, shape: this.shape(piece) };
    const move = (e) => this.follow(e);
    const up = (e) => {
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', cancel);
      this.drop(e);
    };
    const cancel = () => { this.dragging = null; this.clearOutline(); element.removeEventListener('pointermove', move); };
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', cancel);
  }

  /** Board units under a pointer event, or null when it is not over the board. */
  unitsOver(event) {
    const overlay = $('overlay');
    const r = overlay.getBoundingClientRect();
    if (event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom) return null;
    const p = overlay.createSVGPoint();
    p.x = event.clientX; p.y = event.clientY;
    const s = p.matrixTransform(overlay.getScreenCTM().inverse());
    const f = this.state.frame;
    return { x: (s.x - f.originX) / f.scale, y: (f.originY - s.y) / f.scale };
  }

  follow(event) {
    if (!this.dragging) return;
    const at = this.unitsOver(event);
    this.clearOutline();
    if (!at) return;
    const f = this.state.frame;
    const c = centre(this.dragging.shape.outline);
    const polygon = document.createElementNS(SVG, 'polygon');
    polygon.setAttribute('points', this.dragging.shape.outline
      .map(([x, y]) => `${f.originX + (at.x - c[0] + x) * f.scale},${f.originY - (at.y - c[1] + y) * f.scale}`).join(' '));
    polygon.setAttribute('class', 'placing');
    polygon.dataset.placing = this.dragging.piece;
    $('overlay').appendChild(polygon);
  }

  drop(event) {
    const dragging = this.dragging;
    this.dragging = null;
    this.clearOutline();
    const at = dragging && this.unitsOver(event);
    if (!at) return;
    const c = centre(dragging.shape.outline);
    this.place(dragging.piece, at.x - c[0], at.y - c[1]);
  }

  place(piece, x, y) {
    const { rotation, flip } = this.turns.get(piece) || { rotation: 0, flip: false };
    this.app.run(`place ${piece} ${round(x)} ${round(y)} ${rotation}${flip ? ' flip' : ''}`);
  }

  clearOutline() { document.querySelectorAll('#overlay .placing').forEach((p) => p.remove()); }

  /** Whether a pointer event is over the tray (a board piece dropped there is taken off). */
  isOver(event) {
    const tray = $('tray');
    if (tray.hidden) return false;
    const r = tray.getBoundingClientRect();
    return event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
  }
}

function centre(points) {
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

function round(v) { return Math.round(v * 1000) / 1000; }
