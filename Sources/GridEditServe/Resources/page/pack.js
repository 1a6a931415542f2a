// The pack view: the served folder's puzzles as cards (the renderer's own card PNGs), grouped by
// folder, each curriculum as a timeline of its days (a column a day, a chip a puzzle whose bar
// is its measured difficulty), plus "new from template". Opening and creating go through the `open` and `new`
// messages, whose paths the server checks against the served folder.

const $ = (id) => document.getElementById(id);

export class PackView {
  constructor(app) {
    this.app = app;
    $('pack-close').addEventListener('click', () => $('pack').close());
    $('new-form').addEventListener('submit', (e) => { e.preventDefault(); this.create(); });
  }

  async show() {
    $('pack-error').hidden = true;
    const reply = await this.app.connection.send({ type: 'pack' });
    this.paint(reply?.puzzles || [], reply?.curricula || []);
    if (!$('pack').open) $('pack').showModal();
  }

  paint(puzzles, curricula = []) {
    const groups = new Map();
    for (const p of puzzles) {
      const folder = p.path.includes('/') ? p.path.slice(0, p.path.lastIndexOf('/')) : '.';
      if (!groups.has(folder)) groups.set(folder, []);
      groups.get(folder).push(p);
    }
    const sections = [...groups].map(([folder, list]) => {
      const section = document.createElement('section');
      section.className = 'pack-group';
      section.setAttribute('aria-label', folder);
      const heading = Object.assign(document.createElement('h3'), { textContent: `${folder} · ${list.length} puzzle${list.length === 1 ? '' : 's'}` });
      const grid = document.createElement('div');
      grid.className = 'pack-grid';
      grid.append(...list.map((p) => this.card(p)));
      section.append(heading, grid);
      return section;
    });
    sections.unshift(...curricula.map((c) => this.timeline(c)));
    if (!sections.length) sections.push(Object.assign(document.createElement('p'), { textContent: 'No puzzle files in this folder yet: start one from a template.' }));
    $('cards').replaceChildren(...sections);
  }

  timeline(c) {
    const section = document.createElement('section');
    section.className = 'pack-group curriculum';
    section.setAttribute('aria-label', `Curriculum ${c.name}`);
    const problems = c.findings ? ` · ${c.findings} finding${c.findings === 1 ? '' : 's'}: run gridedit check` : '';
    section.appendChild(Object.assign(document.createElement('h3'), {
      textContent: `${c.path} · ${c.name} · ages ${c.ages} · ${c.days.length} days${problems}`,
    }));
    const strip = document.createElement('div');
    strip.className = 'timeline';
    for (const day of c.days) {
      const column = document.createElement('div');
      column.className = 'timeline-day';
      column.title = `Day ${day.day}: ${day.theme} (${day.minutes} min)`;
      column.appendChild(Object.assign(document.createElement('span'), { className: 'timeline-number', textContent: day.day }));
      for (const activity of day.activities) {
        for (const p of activity.puzzles) {
          const chip = document.createElement('button');
          chip.type = 'button';
          chip.className = `timeline-chip ${activity.game} ${activity.type}` + (p.path ? '' : ' problem');
          chip.textContent = activity.type[0].toUpperCase();
          const measured = p.value === undefined ? 'not measured' : `difficulty ${p.value}`;
          chip.setAttribute('aria-label', `Day ${day.day} ${activity.type}: ${p.name || p.ref} (${measured})`);
          chip.title = `${activity.type}: ${p.name || p.ref + ' (not found)'} · ${measured}`;
          chip.style.setProperty('--level', String(Math.min(4, Number(p.value || 0)) / 4));
          if (p.path) chip.addEventListener('click', () => this.open(p.path));
          column.appendChild(chip);
        }
      }
      strip.appendChild(column);
    }
    section.appendChild(strip);
    return section;
  }

  card(p) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'card' + (p.problem ? ' problem' : '') + (p.open ? ' is-open' : '');
    button.dataset.path = p.path;
    button.setAttribute('aria-label', p.problem ? `${p.path}: ${p.problem}` : `Open ${p.title} (${p.path})`);
    if (p.title) {
      const img = document.createElement('img');
      img.alt = '';
      img.width = 158;
      img.height = 222;
      img.src = '/card/' + p.path.split('/').map(encodeURIComponent).join('/');
      button.appendChild(img);
    }
    const name = p.path.slice(p.path.lastIndexOf('/') + 1);
    button.appendChild(Object.assign(document.createElement('span'), { className: 'card-path', textContent: p.problem ? `${name}: ${p.problem}` : name }));
    button.addEventListener('click', () => this.open(p.path));
    return button;
  }

  async open(path) {
    const reply = this.app.showReply(await this.app.connection.send({ type: 'open', path }));
    if (reply?.ok) $('pack').close(); else this.error(reply);
  }

  async create() {
    const path = $('new-path').value.trim();
    const message = { type: 'new', template: $('new-template').value, ...(path ? { path } : {}) };
    const reply = this.app.showReply(await this.app.connection.send(message));
    if (reply?.ok) $('pack').close(); else this.error(reply);
  }

  error(reply) {
    $('pack-error').textContent = reply?.error || reply?.message || 'no reply from the server';
    $('pack-error').hidden = false;
  }
}
