import { navigate } from 'astro:transitions/client';
import { type FormEvent, useState } from 'react';
import { type ChildDto, childInputSchema } from '~/features/family/children.schema';
import { familyApi } from '~/features/family/family.api';
import { refreshUserData } from '~/features/family/family.store';
import { call } from '~/platform/client/api';
import { $userData, setActiveChild } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { useForm } from '../shared/useForm';

/** A child as the form holds it: every field as typed, and the interests ticked. */
interface ChildValues {
  firstName: string;
  ageBand: string;
  birthYear: string;
  /** '' when not said, else the grade's number (0: kindergarten). */
  schoolGrade: string;
  readingLevel: string;
  interests: string[];
}

/** The input the API takes: empty choices left out, a four-digit birth year as a number. */
function inputOf({ firstName, ageBand, birthYear, schoolGrade, readingLevel, interests }: ChildValues) {
  return {
    firstName,
    schoolGrade: schoolGrade === '' ? null : Number(schoolGrade),
    ...(ageBand ? { ageBand } : {}),
    ...(birthYear.trim()
      ? { birthYear: /^\d{4}$/.test(birthYear.trim()) ? Number(birthYear) : birthYear }
      : {}),
    ...(readingLevel ? { readingLevel } : {}),
    interests,
  };
}

/**
 * The child form's values and its save: an edit is saved in place (with a "saved" note that belongs
 * to the values saved), a new child is added and the profile page shown with them active.
 */
export function useChildForm(child: ChildDto | undefined, onSaved: ((child: ChildDto) => void) | undefined) {
  const prefix = child ? `child-${child._id.slice(0, 8)}` : 'child';
  const form = useForm<ChildValues>(
    {
      firstName: child?.name ?? '',
      ageBand: child?.ageBand ?? '',
      birthYear: child?.birthYear ? String(child.birthYear) : '',
      schoolGrade:
        child?.schoolGrade === null || child?.schoolGrade === undefined ? '' : String(child.schoolGrade),
      readingLevel: child?.readingLevel ?? '',
      interests: child?.interests ?? [],
    },
    prefix,
  );
  // The "saved" note belongs to the values that were saved: any change makes it stale.
  const [saved, setSaved] = useState<{ text: string; values: string } | null>(null);
  const asSaved = JSON.stringify(form.values);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // `save` sends once however often the button is pressed, with one idempotency key for a new
    // child: a double-click, or a retry after a lost answer, adds the child once.
    void form.save(
      childInputSchema,
      inputOf(form.values),
      async (data, idempotencyKey) => {
        if (child) {
          const updated = await call(familyApi.updateChild, { params: { id: child._id }, body: data });
          await refreshUserData().catch(() => {});
          onSaved?.(updated);
          setSaved({ text: `${updated.name}’s profile is saved.`, values: asSaved });
          return;
        }
        const added = await call(familyApi.createChild, { body: data, idempotencyKey });
        await refreshUserData().catch(() => {});
        const index = $userData.get()?.children.findIndex((c) => c._id === added._id) ?? -1;
        if (index >= 0) setActiveChild(index);
        // Awaited, so the button stays busy until the profile page is shown: a press meanwhile
        // would be a new submission, with a new key, and add the child a second time.
        await navigate(pagePath('/profile'));
      },
      { fallback: 'Something went wrong. Please try again.' },
    );
  };

  return { ...form, prefix, savedNote: saved?.values === asSaved ? saved.text : undefined, submit };
}
