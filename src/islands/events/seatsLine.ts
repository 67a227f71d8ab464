/** The line that says how many seats are left, or why the event takes no registrations. */
export const seatsLine = (n: number, open = true) =>
  !open
    ? 'This event has started, so registrations are closed.'
    : n <= 0
      ? 'This event is full.'
      : n === 1
        ? '1 seat left.'
        : `${n} seats left.`;
