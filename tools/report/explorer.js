// The benchmark explorer: renders the report embedded in #report-data (written by
// `mforge bench --html`) as tables and Chart.js charts. No network access.
(function () {
  'use strict';

  const report = JSON.parse(document.getElementById('report-data').textContent);
  const figures = report.figures || [];
  const palette = ['#2458c6', '#d9480f', '#2b8a3e', '#862e9c', '#e67700', '#0b7285', '#c2255c', '#5c940d'];
  const charts = [];
  let selectedSuite = 'all';

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([key, value]) => {
      if (key === 'text') node.textContent = value; else node.setAttribute(key, value);
    });
    (children || []).forEach((child) => node.appendChild(child));
    return node;
  }

  function formatTime(ns) {
    if (!(ns > 0)) return '-';
    if (ns >= 1e9) return (ns / 1e9).toFixed(2) + ' s';
    if (ns >= 1e6) return (ns / 1e6).toFixed(2) + ' ms';
    if (ns >= 1e3) return (ns / 1e3).toFixed(2) + ' µs';
    return ns.toFixed(2) + ' ns';
  }

  function formatFigure(f) {
    if (f.error) return 'error: ' + f.error;
    if (f.bytes_per_second > 0) {
      const gib = f.bytes_per_second / 1073741824;
      return gib >= 1 ? gib.toFixed(2) + ' GiB/s' : (f.bytes_per_second / 1048576).toFixed(2) + ' MiB/s';
    }
    let text = formatTime(f.median_ns);
    if (f.repetitions > 1 && f.median_ns > 0) text += ' ±' + (100 * f.stddev_ns / f.median_ns).toFixed(1) + '%';
    return text;
  }

  function speedupCell(speedup) {
    if (!(speedup > 0)) return element('td', { class: 'num na', text: '-' });
    const faster = speedup >= 1;
    const text = (faster ? speedup : 1 / speedup).toFixed(2) + '× ' + (faster ? 'faster' : 'slower');
    return element('td', { class: 'num ' + (faster ? 'faster' : 'slower'), text: text });
  }

  function inSelectedSuite(item) {
    return selectedSuite === 'all' || item.suite === selectedSuite;
  }

  function makeChart(canvas, config) {
    config.options = Object.assign({ animation: false, responsive: true, maintainAspectRatio: false }, config.options);
    charts.push(new Chart(canvas, config));
  }

  // A bar chart of speed-ups in `container` (one bar per label, log scale, green when > 1).
  function barChart(container, title, labels, values) {
    const canvas = element('canvas', { 'aria-label': title });
    const box = element('div', { class: 'chart' }, [canvas]);
    // One readable row per bar (10 px labels): the box grows with the number of comparisons.
    box.style.height = Math.max(200, 16 * labels.length + 80) + 'px';
    container.appendChild(element('div', {}, [element('p', { class: 'chart-title', text: title }), box]));
    makeChart(canvas, {
      type: 'bar',
      data: {
        labels: labels,
        datasets: [{
          label: title,
          data: values,
          backgroundColor: values.map((v) => (v >= 1 ? '#2b8a3e' : '#c92a2a')),
        }],
      },
      options: {
        indexAxis: 'y',
        plugins: { legend: { display: false } },
        scales: {
          x: { type: 'logarithmic', title: { display: true, text: 'speed-up (×), > 1: MerkleForge faster' } },
          y: { ticks: { autoSkip: false, font: { size: 10 } } },
        },
      },
    });
  }

  // Speed-ups grouped by structure (the case's family: hash, binary, sparse, mpt, verkle, binius,
  // ...), one chart each, labelled without the family.
  function barCharts(containerId, pairs, against, what) {
    const container = document.getElementById(containerId);
    if (!pairs.length) {
      container.appendChild(element('p', { class: 'na', text: 'No ' + what + ' in this run.' }));
      return;
    }
    const groups = new Map();
    pairs.forEach((p) => {
      const parts = p.case.split('/');
      const family = parts[0];
      if (!groups.has(family)) groups.set(family, []);
      groups.get(family).push({ label: parts.slice(1).join(' ') + ' vs ' + against(p), value: p.speedup });
    });
    groups.forEach((bars, family) => {
      barChart(container, family, bars.map((b) => b.label), bars.map((b) => b.value));
    });
  }

  function renderPeers() {
    const pairs = (report.peer_comparisons || []).filter((p) => p.speedup > 0);
    barCharts('peer-charts', pairs, (p) => p.peer, 'peer comparisons');
  }

  function renderPublished() {
    const pairs = (report.reference_comparisons || []).filter((p) => p.speedup > 0);
    barCharts('reference-charts', pairs, (p) => p.project, 'published figures matching our cases');
    const machines = [...new Set(pairs.map((p) => p.machine))];
    const list = document.getElementById('reference-machines');
    machines.forEach((m) => list.appendChild(element('li', { text: m })));
  }

  function ratioText(cell) {
    if (!(cell.speedup > 0)) return '-';
    const better = cell.speedup >= 1;
    const words = cell.kind === 'size' ? (better ? 'smaller' : 'larger') : (better ? 'faster' : 'slower');
    return (better ? cell.speedup : 1 / cell.speedup).toFixed(2) + '× ' + words;
  }

  // One score per kind of comparison: cells won, the geometric mean of the ratios, losses first.
  function renderScoreboard() {
    const body = document.getElementById('scoreboard-body');
    const board = report.scoreboard;
    if (!board) {
      body.appendChild(element('p', { class: 'na', text: 'No scoreboard in this report.' }));
      return;
    }
    const panel = (title, score, note) => {
      const items = [
        element('p', { class: 'chart-title', text: title }),
        element('p', { class: 'big', text: score.wins + ' of ' + score.cells + ' cells won' +
          (score.geomean > 0 ? ' · geometric mean ' + score.geomean.toFixed(2) + '×' : '') }),
        element('p', { class: 'small', text: note }),
      ];
      if (score.losses.length) {
        items.push(element('p', { class: 'small', text: 'Losses:' }));
        items.push(element('ul', {}, score.losses.map((l) =>
          element('li', { class: 'slower', text: l.label + ': ' + ratioText(l) }))));
      }
      if (score.unmeasured && score.unmeasured.length) {
        items.push(element('p', { class: 'problem', text: 'Not measured: ' + score.unmeasured.join('; ') }));
      }
      return element('div', {}, items);
    };
    body.appendChild(element('div', { class: 'score' }, [
      panel('Same run: MerkleForge against peers on this machine', board.same_run,
            'Both sides measured here, same inputs.'),
      panel("Published: the seeds' figures from other machines", board.published,
            'Their machines and thread counts differ (see each table); ' +
              (board.published.not_captured || 0) + " cells the seeds did not capture are measured here."),
    ]));
  }

  function renderSeedTables() {
    const body = document.getElementById('seed-tables-body');
    const tables = report.seed_tables || [];
    if (!tables.length) {
      body.appendChild(element('p', { class: 'na', text: 'No seed tables in this report.' }));
      return;
    }
    tables.forEach((table) => {
      body.appendChild(element('h3', { text: table.title }));
      body.appendChild(element('p', { class: 'seed-source', text: table.source + (table.host ? ' · ours: ' + table.host : '') }));
      if (table.note) body.appendChild(element('p', { class: 'small', text: table.note }));
      const head = [element('th', { text: table.row_header || '' })];
      table.columns.forEach((c) => head.push(element('th', { text: c, colspan: '3' })));
      const sub = [element('th', { text: '' })];
      table.columns.forEach(() => ['published', 'ours', 'ratio'].forEach((h) => sub.push(element('th', { class: 'small', text: h }))));
      const rows = table.rows.map((row) => {
        const cells = [element('td', { text: row.label })];
        table.columns.forEach((column) => {
          const cell = row.cells.find((c) => c.column === column);
          if (!cell) {
            cells.push(element('td', { colspan: '3', class: 'na', text: '' }));
            return;
          }
          cells.push(element('td', { class: 'num seed-published', text: cell.published }));
          if (cell.error) {
            cells.push(element('td', { class: 'seed-error', colspan: '2', text: cell.error }));
            return;
          }
          const ours = cell.ours + (cell.threads ? ' (' + cell.threads + 't)' : '');
          cells.push(element('td', { class: 'num seed-ours', text: ours, title: cell.benchmark || '' }));
          const ratio = element('td', { class: 'num ' + (cell.speedup > 0 ? (cell.speedup >= 1 ? 'faster' : 'slower') : 'na'),
                                        text: ratioText(cell) });
          if (cell.note) ratio.title = cell.note;
          cells.push(ratio);
        });
        return element('tr', {}, cells);
      });
      body.appendChild(element('table', {}, [element('tr', {}, head), element('tr', {}, sub), ...rows]));
    });
  }

  // One chart per (family, operation) with at least two sizes; one line per subject/implementation.
  function renderScaling() {
    const container = document.getElementById('scaling-charts');
    container.textContent = '';
    const groups = new Map();
    figures.filter((f) => inSelectedSuite(f) && f.size > 0 && f.median_ns > 0 && !f.error).forEach((f) => {
      const key = f.family + ' / ' + f.case_family;
      if (!groups.has(key)) groups.set(key, new Map());
      const line = f.subject + ' · ' + f.implementation + (f.variant ? ' [' + f.variant + ']' : '');
      if (!groups.get(key).has(line)) groups.get(key).set(line, []);
      groups.get(key).get(line).push({ x: f.size, y: f.median_ns });
    });
    let drawn = 0;
    groups.forEach((lines, title) => {
      const sizes = new Set();
      lines.forEach((points) => points.forEach((p) => sizes.add(p.x)));
      if (sizes.size < 2) return;
      const canvas = element('canvas', { 'aria-label': title });
      container.appendChild(element('div', {}, [
        element('p', { class: 'chart-title', text: title }),
        element('div', { class: 'chart' }, [canvas]),
      ]));
      let colour = 0;
      const datasets = [];
      lines.forEach((points, label) => {
        const c = palette[colour++ % palette.length];
        datasets.push({ label: label, data: points.sort((a, b) => a.x - b.x), borderColor: c,
                        backgroundColor: c, showLine: true, pointRadius: 3 });
      });
      makeChart(canvas, {
        type: 'line',
        data: { datasets: datasets },
        options: {
          parsing: false,
          plugins: { legend: { labels: { boxWidth: 12, font: { size: 11 } } },
                     tooltip: { callbacks: { label: (ctx) => ctx.dataset.label + ': ' + formatTime(ctx.parsed.y) } } },
          scales: {
            x: { type: 'logarithmic', title: { display: true, text: 'size' } },
            y: { type: 'logarithmic', title: { display: true, text: 'time (ns)' } },
          },
        },
      });
      ++drawn;
    });
    if (!drawn) container.appendChild(element('p', { class: 'na', text: 'No case was measured at two or more sizes.' }));
  }

  function countCell(stats, unit, scale) {
    if (!stats) return element('td', { class: 'num na', text: 'n/a' });
    return element('td', { class: 'num', text: (stats.median / scale).toFixed(2) + ' ' + unit });
  }

  function renderEnergy() {
    const body = document.getElementById('energy-body');
    const energy = report.energy;
    if (!energy) {
      body.appendChild(element('p', { class: 'na', text: 'Not measured in this run.' }));
      return;
    }
    body.appendChild(element('p', { class: 'hint', text: energy.workload }));
    const rows = energy.rows.map((row) => element('tr', {}, [
      element('td', { text: row.hash }),
      element('td', { class: 'num', text: formatTime(row.wall_ns.median) }),
      countCell(row.cycles, 'M', 1e6),
      countCell(row.instructions, 'M', 1e6),
      countCell(row.joules, 'J', 1),
    ]));
    body.appendChild(element('table', {}, [
      element('tr', {}, ['hash', 'wall time', 'cycles', 'instructions', 'package energy'].map((h) => element('th', { text: h }))),
      ...rows,
    ]));
    if (!energy.counters.available) {
      body.appendChild(element('p', { class: 'na', text: 'Cycles and instructions: not available on this machine: ' + energy.counters.reason }));
    }
    if (!energy.energy.available) {
      body.appendChild(element('p', { class: 'na', text: 'Package energy: not available on this machine: ' + energy.energy.reason }));
    }
  }

  function renderTables() {
    const container = document.getElementById('suite-tables');
    container.textContent = '';
    (report.suites || []).filter(inSelectedSuiteName).forEach((suite) => {
      container.appendChild(element('h3', { text: suite.name }));
      if (!suite.ok) {
        container.appendChild(element('p', { class: 'problem', text: 'Not measured: ' + suite.error }));
        return;
      }
      container.appendChild(element('p', { class: 'small' }, [element('code', { text: suite.reproduce })]));
      const rows = figures.filter((f) => f.suite === suite.name).map((f) => element('tr', {}, [
        element('td', { text: f.family + '/' + f.subject + '/' + f.case }),
        element('td', { text: f.implementation + (f.variant ? ' [' + f.variant + ']' : '') }),
        element('td', { class: 'num', text: formatFigure(f) }),
        element('td', { class: 'num', text: f.mean_ns > 0 ? formatTime(f.mean_ns) : '-' }),
        element('td', { class: 'num', text: String(f.repetitions || '-') }),
      ]));
      container.appendChild(element('table', {}, [
        element('tr', {}, ['case', 'implementation', 'median ±sd', 'mean', 'repetitions'].map((h) => element('th', { text: h }))),
        ...rows,
      ]));
    });
  }

  function inSelectedSuiteName(suite) {
    return selectedSuite === 'all' || suite.name === selectedSuite;
  }

  function renderEnvironment() {
    const table = document.getElementById('environment-table');
    Object.entries(report.environment || {}).forEach(([key, value]) => {
      table.appendChild(element('tr', {}, [element('th', { text: key }), element('td', { text: String(value) })]));
    });
    const env = report.environment || {};
    document.getElementById('subtitle').textContent =
      (report.mode || '') + ' run · ' + (env.date || '') + ' · ' + (env.cpu || '') + ' · commit ' + (env.commit || '?');
  }

  function renderFilters() {
    const nav = document.getElementById('filters');
    const names = ['all'].concat((report.suites || []).map((s) => s.name));
    names.forEach((name) => {
      const button = element('button', { type: 'button', text: name });
      if (name === selectedSuite) button.classList.add('active');
      button.addEventListener('click', () => {
        selectedSuite = name;
        nav.querySelectorAll('button').forEach((b) => b.classList.toggle('active', b === button));
        renderSuiteViews();
      });
      nav.appendChild(button);
    });
  }

  function renderSuiteViews() {
    charts.splice(0).forEach((chart) => {
      if (chart.canvas.closest('#scaling-charts')) chart.destroy(); else charts.push(chart);
    });
    renderScaling();
    renderTables();
  }

  // `#selftest`: report, for the headless-browser test, how many pixels each chart painted and any
  // error the page raised.
  const errors = [];
  window.addEventListener('error', (event) => errors.push(String(event.message)));
  function selfTest() {
    const canvases = [...document.querySelectorAll('canvas')].map((canvas) => {
      const context = canvas.getContext('2d');
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) ++painted;
      return { label: canvas.getAttribute('aria-label'), width: canvas.width, height: canvas.height, painted: painted };
    });
    const seedCells = [...document.querySelectorAll('#seed-tables td.seed-ours')].map((td) => td.textContent);
    const seedErrors = [...document.querySelectorAll('#seed-tables td.seed-error')].map((td) => td.textContent);
    const out = document.getElementById('selftest-result');
    out.textContent = JSON.stringify({ canvases: canvases, errors: errors, seed_cells: seedCells, seed_errors: seedErrors });
    out.hidden = false;
  }

  try {
    renderEnvironment();
    renderScoreboard();
    renderSeedTables();
    renderFilters();
    renderPeers();
    renderPublished();
    renderEnergy();
    renderSuiteViews();
  } catch (error) {
    errors.push(String(error && error.stack || error));
    throw error;
  }
  if (location.hash === '#selftest') setTimeout(selfTest, 300);
})();
