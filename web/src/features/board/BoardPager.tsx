/** The board's page numbers (the current one disabled). */
export function BoardPager(props: { pages: number; page: number; onPageChange: (page: number) => void }) {
  return (
    <nav className="pager">
      {Array.from({ length: props.pages }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the identity (page number, selection index)
        <button type="button" key={i} disabled={i === props.page} onClick={() => props.onPageChange(i)}>
          {i + 1}
        </button>
      ))}
    </nav>
  );
}
