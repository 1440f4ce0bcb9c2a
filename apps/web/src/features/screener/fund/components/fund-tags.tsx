/** A fund's highlight and risk tags (长期绩优, 回撤较大…), as the screen gives them with its rows. */
export function FundTags({ tags, as: Element = 'span' }: { tags: readonly string[]; as?: 'span' | 'p' }) {
  if (tags.length === 0) return null;
  return (
    <Element className="fund-results__tags">
      {tags.map((tag) => (
        <span key={tag} className="fund-tag">
          {tag}
        </span>
      ))}
    </Element>
  );
}
