// The collections carousel (spec 000 §2, §9): 4 cards of 240 px visible, the arrows scroll 2
// cards at a time, and an arrow hides when within 7 px of its end.
import { faChevronLeft, faChevronRight } from '@fortawesome/free-solid-svg-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TemplateCollectionSummary } from '../../model/templates.ts';
import { Icon } from '../ui/Icon.tsx';
import { CollectionCard } from './TemplateCards.tsx';

export const CAROUSEL_CARD_WIDTH = 240;
export const CAROUSEL_GAP = 12;
export const CAROUSEL_VISIBLE = 4;
export const CAROUSEL_SCROLL_CARDS = 2;
export const CAROUSEL_END_TOLERANCE = 7;

/** Which arrows a scroll position shows. */
export function carouselArrows(scrollLeft: number, clientWidth: number, scrollWidth: number): { left: boolean; right: boolean } {
  return { left: scrollLeft > CAROUSEL_END_TOLERANCE, right: scrollLeft + clientWidth < scrollWidth - CAROUSEL_END_TOLERANCE };
}

export function CollectionsCarousel({ collections }: { collections: TemplateCollectionSummary[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [arrows, setArrows] = useState({ left: false, right: false });
  const update = useCallback(() => {
    const t = track.current;
    if (t) setArrows(carouselArrows(t.scrollLeft, t.clientWidth, t.scrollWidth));
  }, []);
  useEffect(() => {
    // No update() here: reading scrollLeft now forced a layout of the whole page (20–35 ms) before
    // its first frame; an observer reports its first size after the frame's own layout.
    const t = track.current;
    if (!t) return;
    const observer = new ResizeObserver(update);
    observer.observe(t);
    return () => observer.disconnect();
  }, [update, collections]);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_CARDS * (CAROUSEL_CARD_WIDTH + CAROUSEL_GAP), behavior: 'smooth' });
  return (
    <section className="collections" aria-label="Collections" data-testid="collections-carousel">
      <h2 className="templates-section-title">Collections</h2>
      <div className="carousel" style={{ maxWidth: CAROUSEL_VISIBLE * CAROUSEL_CARD_WIDTH + (CAROUSEL_VISIBLE - 1) * CAROUSEL_GAP }}>
        {arrows.left && (
          <button type="button" className="carousel-arrow carousel-left" aria-label="Previous collections" onClick={() => scroll(-1)} data-testid="carousel-left">
            <Icon icon={faChevronLeft} />
          </button>
        )}
        <div className="carousel-track" ref={track} onScroll={update} style={{ gap: CAROUSEL_GAP }}>
          {collections.map((c) => (
            <CollectionCard key={c.id} collection={c} />
          ))}
        </div>
        {arrows.right && (
          <button type="button" className="carousel-arrow carousel-right" aria-label="More collections" onClick={() => scroll(1)} data-testid="carousel-right">
            <Icon icon={faChevronRight} />
          </button>
        )}
      </div>
    </section>
  );
}
