// The details beside a template or collection (spec 000 §2): created time, author, views,
// categories (each a link to the gallery filtered by it) and the apps it uses.
import { Link } from 'wouter';
import type { TemplateCategory, TemplateNode } from '../../model/templates.ts';
import { TemplateNodeIcon } from './TemplateNodeIcons.tsx';
import { hasViews, viewsLabel } from './TemplateCards.tsx';
import { timeAgo } from './timeAgo.ts';

export function TemplateDetails({ createdAt, username, views, categories, nodes, appsTitle }: { createdAt?: string; username?: string; views?: number; categories: TemplateCategory[]; nodes: TemplateNode[]; appsTitle: string }) {
  const created = timeAgo(createdAt);
  return (
    <aside className="template-details" data-testid="template-details">
      {(created || username) && (
        <p className="template-details-line">
          {created && <>Created {created}</>}
          {username && <> by <strong>{username}</strong></>}
        </p>
      )}
      {hasViews(views) && <p className="template-details-line" data-testid="template-details-views">{viewsLabel(views)}</p>}
      {categories.length > 0 && (
        <div className="template-details-block">
          <h3>Categories</h3>
          <div className="template-tags">
            {categories.map((c) => (
              <Link key={c.id} href={`/templates/?categories=${c.id}`} className="template-tag">
                {c.name}
              </Link>
            ))}
          </div>
        </div>
      )}
      {nodes.length > 0 && (
        <div className="template-details-block">
          <h3>{appsTitle}</h3>
          <ul className="template-apps">
            {nodes.map((n) => (
              <li key={n.name}>
                <TemplateNodeIcon node={n} size={24} />
                <span>{n.displayName}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
