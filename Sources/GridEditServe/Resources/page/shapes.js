// The overlay of a kind that has no module of its own here: the shapes its editor entry lists
// (`state.shapes`: a part name, an outline, a label, and the command a click sends). Any kind
// registered with the editor can be shown and edited by clicks through this module, with no
// page code of its own.

const SVG = 'http://www.w3.org/2000/svg';

export class ShapesView {
  constructor(app) { this.app = app; }

  get state() { return this.app.state; }

  draw(overlay) {
    for (const shape of this.state.shapes || []) {
      const polygon = document.createElementNS(SVG, 'polygon');
      polygon.setAttribute('points', shape.points.map(([x, y]) => `${x},${y}`).join(' '));
      polygon.setAttribute('class', 'shape' + (shape.label ? ' marked' : ''));
      polygon.dataset.part = shape.part;
      polygon.setAttribute('role', 'button');
      polygon.setAttribute('aria-label', shape.action ? `${shape.part}: ${shape.action}` : `${shape.part}${shape.label ? `: ${shape.label}` : ''}`);
      overlay.appendChild(polygon);
      if (shape.label) {
        const xs = shape.points.map((p) => p[0]), ys = shape.points.map((p) => p[1]);
        const t = document.createElementNS(SVG, 'text');
        t.setAttribute('x', (Math.min(...xs) + Math.max(...xs)) / 2);
        t.setAttribute('y', (Math.min(...ys) + Math.max(...ys)) / 2);
        t.setAttribute('class', 'digit');
        t.setAttribute('font-size', (Math.max(...ys) - Math.min(...ys)) * 0.5);
        t.textContent = shape.label;
        overlay.appendChild(t);
      }
    }
  }

  pointerDown(event) {
    const part = event.target.closest?.('[data-part]')?.dataset.part;
    const shape = (this.state.shapes || []).find((s) => s.part === part);
    if (shape?.action) this.app.run(shape.action);
  }

  key() { return false; }
}
