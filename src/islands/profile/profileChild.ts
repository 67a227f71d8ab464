import type { ChildDto } from '~/features/family/children.schema';

/** What the profile knows of a child beyond the spec's fields (filled by the API when it has them). */
export type ProfileChild = ChildDto;

/** Minutes read, 0 when the API has not said. */
export const minutesOf = (value: number | undefined) => value ?? 0;
