/**
 * A whole number as US English writes it, commas between thousands: "1,440". Written out rather
 * than asked of toLocaleString: the browser's number and date library takes a slow phone some
 * 50 ms to wake, and the contracts every signed-in page loads write their limits at once
 * (decision 35). Anything but a safe integer is written as String writes it.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
