// TemplatesWorkflowView (/templates/:id): a template's name, live preview, description and
// details, and 'Use workflow', which imports it through /workflows/templates/:id (spec 000 §2).
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { useStores } from '../stores/context.ts';
import { Markdown } from '../ui/Markdown.tsx';
import { TemplatesLayout } from './TemplatesLayout.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { TemplateDetails } from './TemplateDetails.tsx';
import { authorName } from '../../model/templates.ts';

export function parseId(raw: string | undefined): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

export function TemplateNotFound({ message }: { message: string }) {
  return (
    <div className="not-found" data-testid="template-not-found">
      <h1 className="not-found-title">{message}</h1>
      <Link href="/templates/" className="btn btn-primary">
        Back to templates
      </Link>
    </div>
  );
}

export const TemplatesWorkflowView = observer(function TemplatesWorkflowView() {
  const { templates, settings } = useStores();
  const id = parseId(useParams<{ id: string }>().id);
  useEffect(() => {
    templates.configure(settings.settings);
    if (id !== undefined) templates.loadTemplate(id);
  }, [templates, settings.settings, id]);
  const entry = id === undefined ? { state: 'notFound' as const, message: 'Workflow could not be found' } : templates.templates.get(id);
  const t = entry?.state === 'loaded' ? entry.value : undefined;

  return (
    <TemplatesLayout crumb={t?.name}>
      {entry?.state === 'notFound' ? (
        <TemplateNotFound message={entry.message} />
      ) : !t ? (
        <div className="template-loading" data-testid="template-loading">
          <span className="skeleton-line" style={{ width: '40%', height: 24 }} />
          <div className="template-preview" />
        </div>
      ) : (
        <article className="template-page" data-testid="template-page">
          <div className="template-title-row">
            <h1 className="templates-heading" data-testid="template-name">
              {t.name}
            </h1>
            <Link href={`/workflows/templates/${t.id}`} className="btn btn-primary" data-testid="use-template">
              Use workflow
            </Link>
          </div>
          <TemplatePreview key={t.id} workflow={t.workflow} />
          <div className="template-columns">
            <Markdown text={t.description} className="template-description" />
            <TemplateDetails createdAt={t.createdAt} username={authorName(t.user)} views={t.totalViews} categories={t.categories} nodes={t.nodes} appsTitle="Apps in this workflow" />
          </div>
        </article>
      )}
    </TemplatesLayout>
  );
});
