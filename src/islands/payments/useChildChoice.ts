import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $authReady } from '~/platform/identity/authState.store';
import { $userData } from '~/platform/identity/session.store';
import { useCheckoutPreview } from './ProgramDates';

/**
 * Which child the program is for (the only child, chosen for the family), what buying it for them
 * now would mean (the server's preview of the dates), and the family's confirmation when it would
 * wait for a program the child already has; with what is wrong with each.
 */
export function useChildChoice(planId: string) {
  const user = useStore($userData);
  const authReady = useStore($authReady);
  const [childId, setChildId] = useState<string | null>(null);
  const [childError, setChildError] = useState<string | null>(null);
  const [startAfterCurrent, setStartAfterCurrent] = useState(false);
  const [overlapError, setOverlapError] = useState<string | null>(null);
  // Asked once the sign-in is known: before that the request would go without the family's token.
  const { state: preview, retry: retryPreview } = useCheckoutPreview(
    planId,
    authReady && user ? childId : null,
  );
  const confirmRef = useRef<HTMLInputElement>(null);
  const groupId = useId();
  const children = user?.children ?? [];

  useEffect(() => {
    if (!childId && children.length === 1) setChildId(children[0]?._id ?? null);
  }, [children, childId]);

  /** Another child: their own dates, nothing confirmed and nothing wrong yet. */
  const choose = (id: string) => {
    setChildId(id);
    setChildError(null);
    setStartAfterCurrent(false);
    setOverlapError(null);
  };
  const confirmStart = (confirmed: boolean) => {
    setStartAfterCurrent(confirmed);
    setOverlapError(null);
  };
  /** Puts the first child's choice in focus, with why. */
  const askForChild = () => {
    setChildError('Choose which child this program is for.');
    document.getElementById(`${groupId}-${children[0]?._id}`)?.focus();
  };

  return {
    ready: authReady && user !== null,
    children,
    childId,
    child: children.find((c) => c._id === childId),
    choose,
    childError,
    setChildError,
    askForChild,
    groupId,
    preview,
    retryPreview,
    overlaps: preview?.status === 'ready' && preview.preview.reason === 'after_current',
    startAfterCurrent,
    setStartAfterCurrent,
    confirmStart,
    overlapError,
    setOverlapError,
    confirmRef,
  };
}

export type ChildChoice = ReturnType<typeof useChildChoice>;
