/**
 * The interstitial (UI-19, UI-20): 'Processing your request...' while the app waits on a
 * service, or the profile-creation messages in turn, 3 s apart, while the module completes.
 * Its timing (1000 ms open delay, 2000 ms minimum) is InterstitialTimer's.
 */
import { useEffect, useState } from 'react';
import { INTERSTITIAL_TIMING } from './interstitial-timer';
import { adoptStyles } from '../styles/adopt';
import interstitialCss from '../styles/interstitial.css?inline';

adoptStyles(interstitialCss);

export interface InterstitialProps {
  messages: string[];
  everyMs?: number;
}

export function Interstitial({ messages, everyMs = INTERSTITIAL_TIMING.messageEveryMs }: InterstitialProps) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (messages.length <= 1) return;
    const timer = setInterval(() => setIndex((i) => Math.min(i + 1, messages.length - 1)), everyMs);
    return () => clearInterval(timer);
  }, [messages.length, everyMs]);
  return (
    <div className="mu-interstitial" data-interstitial="" role="status" aria-live="polite">
      <span className="mu-interstitial__spinner" aria-hidden="true" />
      <p className="mu-interstitial__message">{messages[index] ?? ''}</p>
    </div>
  );
}
