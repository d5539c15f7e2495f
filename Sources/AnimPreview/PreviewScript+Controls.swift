extension PreviewScript {
  /// Taps, drags, keys, the timeline, the seed field, the URL fragment and the overlay. Every
  /// control is a request to the server, sent in order; the page changes only when the
  /// server's records say so.
  static let controls = #"""
    let queue = Promise.resolve();
    function control(query) {
      queue = queue.then(() => fetch('/control?token=' + encodeURIComponent(token) + '&' + query, { method: 'POST' }))
        .catch(() => {});
      return queue;
    }

    function scenePoint(e) {
      const h = state.header;
      const r = canvas.getBoundingClientRect();
      if (!h || !(r.width > 0) || !(r.height > 0)) return null;
      return { x: (e.clientX - r.left) / r.width * h.width, y: (e.clientY - r.top) / r.height * h.height };
    }

    // A press, its moves and its release (§16), mouse, pen or touch alike. The simulator
    // makes the taps: a press where nothing receives presses, or a short press and release.
    let pressed = null, moveWanted = null;
    canvas.addEventListener('pointerdown', (e) => {
      const p = scenePoint(e);
      if (!p || pressed !== null) return;
      e.preventDefault();
      pressed = e.pointerId;
      try { canvas.setPointerCapture(e.pointerId); } catch (_) {}
      control('cmd=press&x=' + p.x + '&y=' + p.y);
    });
    // Moves are coalesced: one waits in the queue, carrying the latest point when sent.
    canvas.addEventListener('pointermove', (e) => {
      if (e.pointerId !== pressed) return;
      const p = scenePoint(e);
      if (!p) return;
      e.preventDefault();
      const queued = moveWanted !== null;
      moveWanted = p;
      if (queued) return;
      queue = queue.then(() => {
        const m = moveWanted;
        moveWanted = null;
        return fetch('/control?token=' + encodeURIComponent(token) + '&cmd=move&x=' + m.x + '&y=' + m.y, { method: 'POST' });
      }).catch(() => {});
    });
    function lift(e) {
      if (e.pointerId !== pressed) return;
      pressed = null;
      const p = scenePoint(e);
      if (p && e.type === 'pointerup') control('cmd=move&x=' + p.x + '&y=' + p.y);
      control('cmd=release');
    }
    canvas.addEventListener('pointerup', lift);
    canvas.addEventListener('pointercancel', lift);

    document.addEventListener('keydown', (e) => {
      if (e.target && e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      switch (e.key) {
        case ' ': control('cmd=tap'); break;
        case 'p': control('cmd=pause'); break;
        case 'r': control('cmd=restart'); break;
        case 'ArrowLeft': control('cmd=step&by=-1'); break;
        case 'ArrowRight': control('cmd=step&by=1'); break;
        default: return;
      }
      e.preventDefault();
    });

    const play = document.getElementById('play');
    const scrub = document.getElementById('scrub');
    const clock = document.getElementById('clock');
    const seedField = document.getElementById('seed');
    const rate = document.getElementById('rate');
    const overlay = document.getElementById('overlay');
    play.addEventListener('click', () => control('cmd=pause'));
    document.getElementById('back').addEventListener('click', () => control('cmd=step&by=-1'));
    document.getElementById('forward').addEventListener('click', () => control('cmd=step&by=1'));
    document.getElementById('restart').addEventListener('click', () => control('cmd=restart'));

    // Seeking re-simulates on the server: only the latest position waits to be sent.
    let scrubbing = false, seekWanted = null, seeking = false;
    function seek() {
      if (seeking || seekWanted === null) return;
      const frame = seekWanted;
      seekWanted = null;
      seeking = true;
      control('cmd=seek&frame=' + frame).then(() => { seeking = false; seek(); });
    }
    scrub.addEventListener('input', () => { scrubbing = true; seekWanted = scrub.value; seek(); });
    scrub.addEventListener('change', () => { scrubbing = false; });
    seedField.addEventListener('change', () => control('cmd=seed&seed=' + encodeURIComponent(seedField.value.trim())));

    function seconds(v) { return (Math.round(v * 100) / 100).toFixed(2); }

    function showStatus() {
      const p = state.preview;
      document.body.dataset.paused = String(!!p.paused);
      play.textContent = p.paused ? 'Play' : 'Pause';
      if (p.frames !== undefined) scrub.max = String(p.frames - 1);
      if (document.activeElement !== seedField && p.seed !== undefined) seedField.value = p.seed;
      showTime();
      keepFragment();
    }

    function showTime() {
      const p = state.preview, f = state.frame;
      if (!f || !p.fps) return;
      if (!scrubbing) scrub.value = String(f.frame);
      clock.textContent = seconds(f.time) + ' s / ' + seconds(p.frames / p.fps) + ' s';
    }

    // The fragment keeps what is needed to come back to this moment: `#t=1.5&paused&seed=7`.
    function keepFragment() {
      const p = state.preview, f = state.frame;
      const parts = [];
      if (p.paused && f) parts.push('t=' + f.time);
      if (p.paused) parts.push('paused');
      if (p.seed !== undefined) parts.push('seed=' + p.seed);
      if (embed && !params.has('embed')) parts.push('embed');
      const hash = '#' + parts.join('&');
      if (location.hash !== hash) history.replaceState(null, '', location.pathname + location.search + hash);
    }

    // A rendered diagnostic's source line and caret line stay one block of unwrapped
    // lines that scrolls sideways, so the `^` stays under its column in a narrow embed;
    // the messages around them wrap. Built from text nodes only.
    function showDiagnostics(text) {
      state.diagnostics = text || '';
      overlay.replaceChildren();
      let block = null;
      let afterHeader = false;
      for (const line of state.diagnostics.split('\n')) {
        const header = /:\d+:\d+: (error|warning|note)/.test(line);
        const code = !header && (afterHeader || (block && block.className === 'code' && /^\s*\^[~^]*\s*$/.test(line)));
        const kind = code ? 'code' : 'prose';
        if (!block || block.className !== kind) {
          block = document.createElement('div');
          block.className = kind;
          overlay.appendChild(block);
        } else {
          block.appendChild(document.createTextNode('\n'));
        }
        block.appendChild(document.createTextNode(line));
        afterHeader = header;
      }
      overlay.hidden = !state.diagnostics;
      document.body.dataset.failed = String(!!state.diagnostics);
    }

    // The frame rate the page draws (`countDraw`), for the status bar; none while no
    // frame has been drawn for a second.
    let lastCount = 0;
    setInterval(() => {
      if (state.drawnCount === lastCount) state.fps = 0;
      lastCount = state.drawnCount;
      rate.textContent = Math.round(state.fps) + ' fps';
      showTime();
    }, 1000);

    // The moment the URL names: its seed, then its time, then paused.
    if (fragment.t !== undefined || fragment.paused || fragment.seed !== undefined) {
      let q = 'cmd=open';
      if (fragment.t !== undefined && fragment.t !== true) q += '&t=' + encodeURIComponent(fragment.t);
      if (fragment.paused) q += '&paused=1';
      if (fragment.seed !== undefined && fragment.seed !== true) q += '&seed=' + encodeURIComponent(fragment.seed);
      control(q);
    }

    """#
}
