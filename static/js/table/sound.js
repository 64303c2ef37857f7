// Sounds, for a player who turned them on in the menu (off by default): short blips made on
// the spot by WebAudio, no sound files. A card put down, a move refused, a win.
import { $, board } from "./board.js";

let audio = null;

const on = () => document.body.classList.contains("sound-on");

// One tone: `freq` Hz for `length` seconds, `at` seconds from now, fading out.
function tone(freq, length, at = 0, type = "triangle") {
  audio ??= new AudioContext();
  const start = audio.currentTime + at;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.18, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(start);
  osc.stop(start + length);
}

export const SOUNDS = {
  move: () => tone(520, 0.07),
  refused: () => tone(160, 0.16, 0, "sawtooth"),
  win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, 0.25, i * 0.12)),
};

export function play(name) {
  if (!on()) return;
  try {
    SOUNDS[name]();
  } catch (_) {
    /* no audio on this device: the game goes on silently */
  }
}

document.addEventListener("htmx:afterSwap", (event) => {
  const b = board();
  const { target, requestConfig } = event.detail;
  // Once an answer: on the board (new, or kept while its parts were swapped), not on each part.
  const answered = target?.id === "board" && event.target === b && requestConfig?.verb === "post";
  if (!b || !answered) return;
  if ($("dialog.result.won", b)) play("win");
  else if ($(".messages [role=alert]", b)) play("refused");
  else play("move");
});
