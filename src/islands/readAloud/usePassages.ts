import { useEffect, useMemo, useState } from 'react';
import { orderPassagesForLevel } from '~/features/readAloud/readAloud';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { Passage } from '~/features/readAloud/readAloud.schema';
import { errorMessage } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { READING_LEVELS, type ReadingLevel } from '~/platform/domain';

/**
 * The library's passages, loaded once the sign-in is known, the reader's level first, and the one
 * chosen: a new reader starts on a passage of their own level, or on the one the week's plan links to.
 */
export function usePassages(authReady: boolean, childLevel: ReadingLevel | undefined) {
  const [passages, setPassages] = useState<Passage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [passageId, setPassageId] = useState('');

  useEffect(() => {
    if (!authReady) return;
    let stale = false;
    void (async () => {
      try {
        const list = await call(readAloudApi.passages, {});
        if (!stale) setPassages(list);
      } catch (error) {
        if (!stale) setLoadError(errorMessage(error, 'The passages could not be loaded.'));
      }
    })();
    return () => {
      stale = true;
    };
  }, [authReady]);

  const ordered = useMemo(
    () => orderPassagesForLevel(passages ?? [], childLevel, READING_LEVELS),
    [passages, childLevel],
  );
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('passage');
    setPassageId(ordered.find((p) => p.id === linked)?.id ?? ordered[0]?.id ?? '');
  }, [ordered]);
  const passage = ordered.find((p) => p.id === passageId) ?? ordered[0];

  return { loaded: passages !== null, loadError, ordered, passage, setPassageId };
}
