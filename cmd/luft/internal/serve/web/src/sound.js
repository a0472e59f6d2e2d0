// Optional move sounds, made with Web Audio (no sound files): a short
// tone for a move, a lower one for a capture. Off unless the person turns
// them on; the choice is kept in localStorage.
const KEY = 'luft.sound';
let ctx = null;

export function enabled() {
  return localStorage.getItem(KEY) === 'on';
}

export function toggle() {
  localStorage.setItem(KEY, enabled() ? 'off' : 'on');
}

// play sounds one move; capture lowers the tone.
export function play(capture) {
  if (!enabled()) return;
  try {
    ctx = ctx || new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const now = ctx.currentTime;
    osc.frequency.value = capture ? 260 : 520;
    gain.gain.setValueAtTime(0.12, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.1);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now);
    osc.stop(now + 0.1);
  } catch (e) {
    // no audio on this browser: stay silent
  }
}
