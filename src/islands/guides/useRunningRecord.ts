import { useState } from 'react';
import { guidesApi } from '~/features/guides/guides.api';
import type { GuideRecordingDetail, RunningRecordDto } from '~/features/guides/guides.schema';
import { type Miscue, type MiscueKind, scoreRunningRecord } from '~/features/readAloud/runningRecord';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

/** The marks one word carries: its own (at most one) and the insertions after it. */
export function marksOn(marks: readonly Miscue[], word: number) {
  return {
    own: marks.find((m) => m.word === word && m.kind !== 'insertion'),
    insertions: marks.filter((m) => m.word === word && m.kind === 'insertion'),
  };
}

/** The marks being made, and the three ways they change: a word's own mark, an insertion added or removed. */
function useMarks(initial: readonly Miscue[]) {
  const [marks, setMarks] = useState<Miscue[]>([...initial]);
  /** Sets a word's own mark (or none), keeping its insertions. */
  const markWord = (word: number, kind: Exclude<MiscueKind, 'insertion'> | null, said?: string) =>
    setMarks((all) => [
      ...all.filter((m) => m.word !== word || m.kind === 'insertion'),
      ...(kind ? [{ word, kind, ...(said ? { said } : {}) }] : []),
    ]);
  const addInsertion = (word: number, said: string) =>
    setMarks((all) => [...all, { word, kind: 'insertion', ...(said ? { said } : {}) }]);
  const removeInsertion = (word: number, index: number) =>
    setMarks((all) => {
      const gone = all.filter((m) => m.word === word && m.kind === 'insertion')[index];
      return all.filter((m) => m !== gone);
    });
  return { marks, markWord, addInsertion, removeInsertion };
}

/**
 * What the form holds besides the marks: from the saved record, else from what listening on the
 * family's device heard (its pre-score), else the recording's length.
 */
function useRecordFields(detail: GuideRecordingDetail) {
  const saved = detail.record;
  const start = saved ?? detail.heard;
  const [lastWord, setLastWord] = useState<number | null>(start?.lastWord ?? null);
  const [seconds, setSeconds] = useState(String((start?.readingMs ?? detail.durationMs) / 1000));
  const [fluency, setFluency] = useState<number | null>(saved?.fluency ?? null);
  const [note, setNote] = useState(saved?.note ?? '');
  return { lastWord, setLastWord, seconds, setSeconds, fluency, setFluency, note, setNote };
}

/**
 * The running record being marked: the marks, where the child stopped, the reading time, the
 * rating and the note, with the figures they give, and the save (which names the version it
 * replaces, so a second tab or guide cannot overwrite it unseen).
 */
export function useRunningRecord(detail: GuideRecordingDetail) {
  const marking = useMarks(detail.record?.marks ?? detail.heard?.marks ?? []);
  const fields = useRecordFields(detail);
  const [record, setRecord] = useState<RunningRecordDto | null>(detail.record);
  const [message, setMessage] = useState('');
  const { submit, pending, errors, setErrors } = useSubmit();
  const readingMs = Math.round(Number(fields.seconds) * 1000);
  const figures = scoreRunningRecord({
    marks: marking.marks,
    wordCount: detail.words.length,
    lastWord: fields.lastWord,
    readingMs: Number.isFinite(readingMs) ? readingMs : 0,
  });

  const send = async (key: string, fluency: number) => {
    const { marks } = marking;
    const { lastWord, note } = fields;
    const body = { marks, lastWord, readingMs, fluency, note, version: record?.version ?? 0 };
    const next = await call(guidesApi.score, { params: { id: detail.id }, body, idempotencyKey: key });
    setMessage(
      record
        ? 'Saved. The family sees the new marks.'
        : `Saved. ${detail.childName}’s family has been told, and sees the score beside the recording.`,
    );
    setRecord(next);
  };
  const save = async () => {
    const { fluency } = fields;
    if (fluency === null) {
      setErrors({ fluency: 'Rate the fluency: choose one of the four levels.' });
      return;
    }
    const fallback = 'The running record could not be saved. Check your connection and try again.';
    if (!(await submit((key) => send(key, fluency), { fallback }))) setMessage('');
  };

  return { ...marking, ...fields, figures, record, save, saving: pending !== null, errors, message };
}

export type RunningRecordState = ReturnType<typeof useRunningRecord>;
