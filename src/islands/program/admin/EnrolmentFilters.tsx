import { useEffect, useId, useState } from 'react';
import { plansApi } from '~/features/plans/plans.api';
import { ENROLMENT_STATE_LABELS } from '~/features/program/adminEnrolments';
import { ENROLMENT_STATES, MAX_WEEK } from '~/features/program/adminEnrolments.schema';
import { BEHIND_RULE } from '~/features/program/progress';
import { FilterSelect, SearchBox } from '~/islands/shared/admin/ListControls';
import type { AdminList } from '~/islands/shared/admin/useAdminList';
import { CheckboxField, Field, optionsOf } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';

type List = Pick<AdminList<unknown>, 'params' | 'setParams'>;

const STATUSES = [
  ['current', 'Running now'],
  ...ENROLMENT_STATES.filter((s) => s !== 'current').map((s) => [s, ENROLMENT_STATE_LABELS[s]] as const),
  ['all', 'Every enrolment'],
] as const;

const LEVELS = optionsOf('Every level', READING_LEVELS, READING_LEVEL_LABELS);

/** Any guide, no guide yet, or the one guide a link from Reading guides chose (by id). */
function guideChoices(chosen = '') {
  const choices: (readonly [string, string])[] = [
    ['', 'Any or none'],
    ['unassigned', 'No guide yet'],
  ];
  if (chosen && chosen !== 'unassigned') choices.push([chosen, 'One guide (chosen in Reading guides)']);
  return choices;
}

/** The programs to filter by: every plan, on sale or retired (a child may be in a retired one). */
function useProgramChoices() {
  const [choices, setChoices] = useState<(readonly [string, string])[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    call(plansApi.adminList, {
      query: { sort: 'name', dir: 'asc', limit: 100 },
      signal: controller.signal,
    })
      .then((page) => setChoices(page.items.map((plan) => [plan.id, plan.name] as const)))
      // Without the list, the filter offers every program only; the table still loads.
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return [['', 'Every program'] as const, ...choices];
}

/** The week filter: a number from 1, sent once it is one (an empty box is no filter). */
function WeekFilter({ list }: { list: List }) {
  const id = useId();
  const chosen = list.params.filters.week ?? '';
  const [text, setText] = useState(chosen);
  const [error, setError] = useState<string>();
  // The week chosen another way (the page address) shows in the box.
  useEffect(() => setText((t) => (t.trim() === chosen ? t : chosen)), [chosen]);
  const change = (value: string) => {
    setText(value);
    const week = value.trim();
    const ok = week === '' || (/^\d+$/.test(week) && Number(week) >= 1 && Number(week) <= MAX_WEEK);
    setError(ok ? undefined : `Weeks run from 1 to ${MAX_WEEK}.`);
    if (ok && week !== chosen) list.setParams({ filters: { week } });
  };
  return (
    <Field
      id={id}
      className="enrolment-week"
      label="Week"
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_WEEK}
      placeholder="Any"
      value={text}
      error={error}
      onChange={(e) => change(e.target.value)}
    />
  );
}

/** The search, the filters (state, program, level, week) and "Behind on the plan". */
export function EnrolmentFilters({ list }: { list: List }) {
  const programs = useProgramChoices();
  const behindId = useId();
  return (
    <div className="admin-toolbar enrolment-toolbar">
      <SearchBox label="Search children" placeholder="A child’s or a parent’s name" list={list} />
      <div className="enrolment-filters">
        <FilterSelect label="Show" name="status" options={STATUSES} list={list} />
        <FilterSelect label="Program" name="plan" options={programs} list={list} />
        <FilterSelect label="Reading level" name="level" options={LEVELS} list={list} />
        <WeekFilter list={list} />
        <FilterSelect
          label="Reading guide"
          name="guide"
          options={guideChoices(list.params.filters.guide)}
          list={list}
        />
        <CheckboxField
          id={behindId}
          className="enrolment-behind"
          label="Behind on the plan"
          hint={BEHIND_RULE}
          checked={list.params.filters.behind === 'true'}
          onChecked={(checked) => list.setParams({ filters: { behind: checked ? 'true' : '' } })}
        />
      </div>
    </div>
  );
}
