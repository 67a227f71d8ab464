import { fluencyLevel } from '~/features/readAloud/fluency';
import { heardHow } from '~/features/readAloud/listening/heardReading';
import type { RecordingDto } from '~/features/readAloud/readAloud.schema';
import { percentText } from '~/features/readAloud/runningRecord';

type Record = NonNullable<RecordingDto['runningRecord']>;

/**
 * What the child's reading guide made of an attempt, beside it: the share of words read right,
 * words correct per minute, the fluency level in words, and the guide's note.
 */
export function RunningRecordLine({ record }: { record: Record }) {
  const level = fluencyLevel(record.fluency);
  return (
    <div className="ra-record">
      <p className="ra-record-figures">
        <strong>{record.guideName} listened:</strong> {percentText(record.accuracy)} of words read right ·{' '}
        {record.wordsCorrectPerMinute} words correct a minute · fluency {record.fluency} of 4
        {level ? ` (${level.name.toLowerCase()})` : ''}
        {record.selfCorrections > 0 &&
          ` · put ${record.selfCorrections === 1 ? 'one word' : `${record.selfCorrections} words`} right on their own`}
      </p>
      {record.note && <p className="ra-record-note">“{record.note}”</p>}
    </div>
  );
}

/**
 * What listening on the device heard in an attempt, beside it, saying how sure it was (and that
 * the family corrected it, when they did). The guide's own record, when there is one, counts.
 */
export function HeardLine({ heard }: { heard: NonNullable<RecordingDto['heard']> }) {
  const sure = heardHow(heard.confidence);
  return (
    <p className="ra-record-figures">
      <strong>Listened on this device ({sure}):</strong> {percentText(heard.accuracy)} of words read right ·{' '}
      {heard.wordsCorrectPerMinute} words correct a minute
      {heard.corrected > 0 &&
        ` · ${heard.corrected === 1 ? 'one mark' : `${heard.corrected} marks`} corrected by you`}
    </p>
  );
}
