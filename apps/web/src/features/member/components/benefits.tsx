import type { MemberGood } from '@zhicai/contract';

/** A level's benefits, two to a row. */
export function Benefits({ benefits }: { benefits: MemberGood['benefits'] }) {
  return (
    <ul className="member-benefits">
      {benefits.map((benefit) => (
        <li key={benefit.title}>
          <strong>{benefit.title}</strong>
          <span>{benefit.description}</span>
        </li>
      ))}
    </ul>
  );
}
