import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Banner } from '../api/banner-list.ts';

/** How long a banner shows before the next one slides in. */
const advanceMs = 4000;

/**
 * The banners of 看资讯: a row that snaps to one banner at a time, swiped by hand or advanced every
 * few seconds, with a dot per banner. Each banner is a link to its page in the app.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (banners.length < 2) return;
    const timer = setInterval(() => {
      const node = track.current;
      if (!node) return;
      const next = (Math.round(node.scrollLeft / Math.max(1, node.clientWidth)) + 1) % banners.length;
      node.scrollTo?.({ left: next * node.clientWidth, behavior: 'smooth' });
      setCurrent(next);
    }, advanceMs);
    return () => clearInterval(timer);
  }, [banners.length]);

  if (banners.length === 0) return null;
  return (
    <section className="banner-carousel" aria-label="活动横幅">
      <div
        ref={track}
        className="banner-carousel__track"
        onScroll={(event) =>
          setCurrent(
            Math.round(event.currentTarget.scrollLeft / Math.max(1, event.currentTarget.clientWidth)),
          )
        }
      >
        {banners.map((banner) => (
          <Link key={banner.id} className="banner-carousel__item" to={banner.link}>
            <img src={banner.image} alt={banner.title} />
          </Link>
        ))}
      </div>
      {banners.length > 1 ? (
        <div className="banner-carousel__dots" aria-hidden="true">
          {banners.map((banner, index) => (
            <span key={banner.id} className={index === current ? 'is-current' : undefined} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
