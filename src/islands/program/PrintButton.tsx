/** Prints the page (the site's print styles leave out the navigation and the buttons). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
      {label}
    </button>
  );
}
