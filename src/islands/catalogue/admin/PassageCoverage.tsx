import { useEffect, useState } from 'react';
import { catalogueApi } from '~/features/catalogue/catalogue.api';
import type { PassageLevels } from '~/features/catalogue/catalogue.schema';
import { call } from '~/platform/client/api';
import { READING_LEVEL_LABELS } from '~/platform/domain';

/**
 * Tells the team which levels have no read-aloud passage of their own: their weekly plans borrow
 * the nearest level's (the easier one first), which is a stopgap, not a plan.
 */
export function PassageCoverage() {
  const [levels, setLevels] = useState<PassageLevels['levels'] | null>(null);
  useEffect(() => {
    call(catalogueApi.adminPassageLevels, {})
      .then((answer) => setLevels(answer.levels))
      .catch(() => setLevels(null));
  }, []);
  const missing = (levels ?? []).filter((l) => l.passages === 0);
  if (missing.length === 0) return null;
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(
    missing.map((l) => READING_LEVEL_LABELS[l.level]),
  );
  return (
    <div className="form-alert form-alert-warning" role="note">
      <p>
        <strong>No passage at {names} yet.</strong> Weekly plans at{' '}
        {missing.length === 1 ? 'that level' : 'those levels'} borrow a passage from the nearest level until
        you add one.
      </p>
    </div>
  );
}
