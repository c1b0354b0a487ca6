/**
 * The board's alert when a car is asked for (issue 41): a short beep (WebAudio) and a vibration. Browsers let a page
 * play sound only after a gesture, so the desk turns it on with a tap ("Turn on sound"), which makes the audio
 * context; until then only the vibration (where the phone has one) and the card itself tell.
 */
export interface AskAlert {
  /** Whether the tap that allows sound has been made. */
  readonly soundOn: boolean;
  /** Made from a tap: the audio context, and a first quiet beep to show it works. */
  enableSound(): void;
  alert(): void;
}

export function createAskAlert(): AskAlert {
  let context: AudioContext | null = null;
  const beep = (volume: number) => {
    if (!context) return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.value = volume;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.25);
  };
  return {
    get soundOn() {
      return context !== null;
    },
    enableSound() {
      const Audio = typeof window === 'undefined' ? undefined : window.AudioContext;
      if (!Audio) return;
      context ??= new Audio();
      void context.resume();
      beep(0.05);
    },
    alert() {
      if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
        navigator.vibrate([200, 100, 200]);
      beep(0.3);
    },
  };
}
