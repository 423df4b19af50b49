// A template's row in the list and a collection's card in the carousel. Both are links, so ctrl
// or meta click (and middle click) opens the page in a new tab as any link does (spec 000 §2).
import { faEye } from '@fortawesome/free-solid-svg-icons';
import { Link } from 'wouter';
import { authorName, type TemplateCollectionSummary, type TemplateWorkflowSummary } from '../../model/templates.ts';
import { Icon } from '../ui/Icon.tsx';
import { TemplateNodeIcons } from './TemplateNodeIcons.tsx';

const count = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export function viewsLabel(n: number): string {
  return `${count.format(n)} view${n === 1 ? '' : 's'}`;
}

/** Views are shown only once there are some, as n8n does: '0 views' says nothing useful. */
export function hasViews(n: number | undefined): n is number {
  return typeof n === 'number' && n > 0;
}

export function TemplateCard({ template }: { template: TemplateWorkflowSummary }) {
  const author = authorName(template.user);
  return (
    <Link href={`/templates/${template.id}`} className="template-card" data-testid="template-card">
      <span className="template-card-main">
        <span className="template-card-name">{template.name}</span>
        <span className="template-card-meta">
          {hasViews(template.totalViews) && (
            <span data-testid="template-card-views">
              <Icon icon={faEye} /> {viewsLabel(template.totalViews)}
            </span>
          )}
          {author && <span>by {author}</span>}
        </span>
      </span>
      <TemplateNodeIcons nodes={template.nodes} />
    </Link>
  );
}

export function TemplateCardSkeleton() {
  return (
    <div className="template-card template-card-skeleton" aria-hidden>
      <span className="skeleton-line" style={{ width: '45%' }} />
      <span className="skeleton-line" style={{ width: '20%' }} />
    </div>
  );
}

export function CollectionCard({ collection }: { collection: TemplateCollectionSummary }) {
  const n = collection.workflows.length;
  return (
    <Link href={`/collections/${collection.id}`} className="collection-card" data-testid="collection-card">
      <span className="collection-card-name">{collection.name}</span>
      <span className="collection-card-foot">
        <span className="collection-card-count">
          {n} workflow{n === 1 ? '' : 's'}
        </span>
        <TemplateNodeIcons nodes={collection.nodes} limit={4} size={20} />
      </span>
    </Link>
  );
}
