// TemplatesCollectionView (/collections/:id): a collection's name, description, its workflows and
// the apps they use (spec 000 §2); a load failure shows 'Collection could not be found'.
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { useStores } from '../stores/context.ts';
import { Markdown } from '../ui/Markdown.tsx';
import { TemplatesLayout } from './TemplatesLayout.tsx';
import { TemplateDetails } from './TemplateDetails.tsx';
import { TemplateCard } from './TemplateCards.tsx';
import { parseId, TemplateNotFound } from './TemplatesWorkflowView.tsx';

export const TemplatesCollectionView = observer(function TemplatesCollectionView() {
  const { templates, settings } = useStores();
  const id = parseId(useParams<{ id: string }>().id);
  useEffect(() => {
    templates.configure(settings.settings);
    if (id !== undefined) templates.loadCollection(id);
  }, [templates, settings.settings, id]);
  const entry = id === undefined ? { state: 'notFound' as const, message: 'Collection could not be found' } : templates.collections.get(id);
  const c = entry?.state === 'loaded' ? entry.value : undefined;

  return (
    <TemplatesLayout crumb={c?.name}>
      {entry?.state === 'notFound' ? (
        <TemplateNotFound message={entry.message} />
      ) : !c ? (
        <div className="template-loading" data-testid="template-loading">
          <span className="skeleton-line" style={{ width: '40%', height: 24 }} />
        </div>
      ) : (
        <article className="template-page" data-testid="collection-page">
          <h1 className="templates-heading" data-testid="collection-name">
            {c.name}
          </h1>
          <div className="template-columns">
            <div>
              <Markdown text={c.description} className="template-description" />
              <h2 className="templates-section-title">Workflows ({c.workflowSummaries.length})</h2>
              <div className="template-list">
                {c.workflowSummaries.map((t) => (
                  <TemplateCard key={t.id} template={t} />
                ))}
              </div>
            </div>
            <TemplateDetails createdAt={c.createdAt} categories={c.categories} nodes={c.nodes} appsTitle="Apps in this collection" />
          </div>
        </article>
      )}
    </TemplatesLayout>
  );
});
