// Font Awesome solid icons as inline SVG (no icon font, no runtime library).
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';

export function Icon({ icon, className, title }: { icon: IconDefinition; className?: string; title?: string }) {
  const [width, height, , , path] = icon.icon;
  return (
    <svg className={className ? `icon ${className}` : 'icon'} viewBox={`0 0 ${width} ${height}`} aria-hidden={title ? undefined : true} role={title ? 'img' : undefined}>
      {title ? <title>{title}</title> : null}
      {Array.isArray(path) ? path.map((d, i) => <path key={i} d={d} />) : <path d={path} />}
    </svg>
  );
}
