import { useEffect, useRef, useState } from 'react';
import { errorMessage } from './loadState';

/**
 * Something an island loads once it shows (a list, a console's figures): `data` once it came,
 * `error` in the visitor's words when it did not (`fallback` when the API never answered), `retry`
 * to ask again, `setData` to replace it after a change. A request still under way when the island
 * goes is abandoned.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, fallback: string) {
  const loader = useRef(load);
  loader.current = load;
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is how "Try again" asks again.
  useEffect(() => {
    const controller = new AbortController();
    setError('');
    loader.current(controller.signal).then(setData, (err: unknown) => {
      if (!controller.signal.aborted) setError(errorMessage(err, fallback));
    });
    return () => controller.abort();
  }, [version, fallback]);
  return { data, setData, error, retry: () => setVersion((v) => v + 1) };
}
