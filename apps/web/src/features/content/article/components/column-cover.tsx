import type { ArticleColumn } from '../api/column-list.ts';

/** A column's cover, or its first character on a tinted square when it has none. */
export function ColumnCover({ column }: { column: ArticleColumn }) {
  return column.cover ? (
    <img className="column-cover" src={column.cover} alt="" />
  ) : (
    <span className="column-cover column-cover--initial" aria-hidden="true">
      {column.name.slice(0, 1)}
    </span>
  );
}
