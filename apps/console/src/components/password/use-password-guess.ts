import type { TGuessCheck } from '@sello/contracts/password-policy';
import { useEffect, useState } from 'react';

/**
 * The guessability estimate of a new password, once its dictionaries (a few megabytes, a chunk of their own)
 * have loaded; undefined until then, when the other rules still show.
 */
export function usePasswordGuess(): TGuessCheck | undefined {
  const [guess, setGuess] = useState<TGuessCheck>();
  useEffect(() => {
    let live = true;
    void import('@sello/contracts/password-strength').then((module) => {
      if (live) setGuess(() => module.guessReason);
    });
    return () => {
      live = false;
    };
  }, []);
  return guess;
}
