import * as z from 'zod';
import { enrolmentQuerySchema } from '~/features/program/adminEnrolments.schema';
import { RECORDING_TYPE_LIST } from '~/features/readAloud/readAloud';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { idParamsSchema, uuidSchema } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import {
  guideChildDetailSchema,
  guideChildRowSchema,
  guideNoteSchema,
  guideRecordingDetailSchema,
  guideRecordingSchema,
  guideSwapSchema,
  noteInputSchema,
  runningRecordSchema,
  scoreInputSchema,
  swapInputSchema,
} from './guides.schema';
import { guideInterviewTimesSchema, interviewTimesInputSchema } from './interviewTimes.schema';

/** The guide console's API: a reading guide's own children, their recordings and running records. */
export const guidesApi = {
  children: contract('guideListChildren', 'GET /guide/children', {
    summary:
      'The children this guide follows, with their program, week and reading against the plan (guides only)',
    description:
      'The enrolment list of the admin console, narrowed to the children assigned to the guide asking; the family by name only. `guide` is ignored.',
    access: 'guide',
    query: enrolmentQuerySchema,
    status: 200,
    response: adminPageSchema(guideChildRowSchema, 'GuideChildPage'),
    returns: 'A page of the guide’s children',
  }),
  child: contract('guideGetChild', 'GET /guide/children/{id}', {
    summary: 'One child this guide follows: programs, weekly plans, placement and read-aloud recordings',
    description: 'A child the guide does not follow (or none) is 404, as for no child at all.',
    access: 'guide',
    params: idParamsSchema,
    status: 200,
    response: guideChildDetailSchema,
    returns: 'The child',
  }),
  waiting: contract('guideListWaitingRecordings', 'GET /guide/recordings', {
    summary: 'Recordings of the guide’s children waiting for a running record, oldest first (at most 200)',
    access: 'guide',
    status: 200,
    response: z.array(guideRecordingSchema),
    returns: 'The recordings to hear',
  }),
  recording: contract('guideGetRecording', 'GET /guide/recordings/{id}', {
    summary: 'A recording to mark: the passage word by word, and its running record so far',
    access: 'guide',
    params: idParamsSchema,
    status: 200,
    response: guideRecordingDetailSchema,
    returns: 'The recording',
  }),
  audio: contract('guideGetRecordingAudio', 'GET /guide/recordings/{id}/audio', {
    summary: 'A recording’s audio, for the guide who follows the child (never cached)',
    access: 'guide',
    params: idParamsSchema,
    status: 200,
    returns: 'The audio, in the format it was recorded in',
    responses: {
      200: {
        description: 'The audio, in the format it was recorded in',
        content: binaryContent(RECORDING_TYPE_LIST),
      },
    },
  }),
  note: contract('guideSaveWeeklyNote', 'PUT /guide/children/{id}/weeks/{weekId}/note', {
    summary: 'Saves the guide’s note to the family about one week of the child’s plan',
    description:
      'The path names the child and the week’s plan (one that has started). A note is 1 to 2,000 characters; a save from an older `version` than the stored one is 409 (one of two tabs or guides wins). The family sees it on the week’s plan and is notified of a first note.',
    access: 'guide',
    params: z.object({ id: uuidSchema, weekId: uuidSchema.meta({ description: 'The week’s plan' }) }),
    body: noteInputSchema,
    status: 200,
    response: guideNoteSchema,
    returns: 'The note',
    errors: [409],
  }),
  swap: contract('guideChooseNextBook', 'PUT /guide/children/{id}/swap', {
    summary: 'Chooses a book for the child’s next weekly plan, with the reason the family reads',
    description:
      'The book must be in the catalogue and new to the child (not in their reading log): 400 on `bookId` otherwise; the reason is 1 to 300 characters. It waits until the next week’s plan is made, which puts it first in place of the recommender’s last pick; choosing again replaces it. 409 when the program has no week after this one.',
    access: 'guide',
    params: idParamsSchema,
    body: swapInputSchema,
    status: 200,
    response: guideSwapSchema,
    returns: 'The book waiting for the next plan',
    errors: [409],
  }),
  cancelSwap: contract('guideCancelNextBook', 'DELETE /guide/children/{id}/swap', {
    summary: 'Takes back the book chosen for the child’s next weekly plan',
    access: 'guide',
    params: idParamsSchema,
    status: 204,
    returns: 'Taken back (or there was none)',
  }),
  score: contract('guideSaveRunningRecord', 'PUT /guide/recordings/{id}/record', {
    summary: 'Saves the guide’s running record of a recording: marks, fluency rating and note',
    description:
      'Marks are on the passage’s words (0 for the first): substitution, omission, insertion (on the word it follows), told, self-correction (not an error). Accuracy, words correct per minute and the self-correction ratio are worked out here. A mark off the passage, a rating outside 1 to 4 or a note over its limit is 400 naming the field; a save from an older `version` than the stored one is 409 (one of two tabs or guides wins). The family is notified of a first score.',
    access: 'guide',
    params: idParamsSchema,
    body: scoreInputSchema,
    status: 200,
    response: runningRecordSchema,
    returns: 'The running record with its figures',
    errors: [409],
  }),
  interviewTimes: contract('guideGetInterviewTimes', 'GET /guide/interview-times', {
    summary: 'The guide’s weekly interview times and the interviews booked with them',
    description:
      'Until the guide sets their own, the times are the team’s template (`INTERVIEW_SLOTS` in `INTERVIEW_TIME_ZONE`).',
    access: 'guide',
    status: 200,
    response: guideInterviewTimesSchema,
    returns: 'The times and the upcoming interviews',
  }),
  saveInterviewTimes: contract('guideSaveInterviewTimes', 'PUT /guide/interview-times', {
    summary: 'Sets the weekly windows in which families can book an interview with the guide',
    description:
      'Windows are days and a time range on the guide’s clock (`timeZone`); `windows: null` goes back to the team’s template. A window shorter than one interview, two windows of a day that overlap or an unknown time zone are 400 naming the field. Interviews already booked stay booked.',
    access: 'guide',
    body: interviewTimesInputSchema,
    status: 200,
    response: guideInterviewTimesSchema,
    returns: 'The times as saved, and the upcoming interviews',
  }),
};
