import { ExportSection } from '../../transfer/export-section';
import { WebhooksSection } from '../../webhooks/webhooks-section';
import { ProjectPage } from '../project-page';
import { useRouteProject } from '../use-route-project';
import { DeleteProjectSection } from './delete-project-section';
import { GeneralSection } from './general-section';
import { LeaveProjectSection } from './leave-project-section';
import { MembersSection } from './members-section';
import { TransferOwnershipSection } from './transfer-ownership-section';

/**
 * /:id/settings: name and description, members and invitations, exporting, webhooks, and leaving, handing over or
 * deleting.
 */
export function SettingsPage() {
  const project = useRouteProject();
  return (
    <ProjectPage title="Settings">
      <div className="flex max-w-3xl flex-col gap-6">
        {/* Keyed by project: switching projects must not carry one project's draft over to the next. */}
        <GeneralSection key={project.id} project={project} />
        <MembersSection project={project} />
        {/* Keyed by project: an export just started belongs to the project it was started in. */}
        {project.abilities.export ? <ExportSection key={project.id} projectId={project.id} /> : null}
        {project.abilities.manageWebhooks ? <WebhooksSection key={project.id} projectId={project.id} /> : null}
        {project.abilities.leave ? <LeaveProjectSection project={project} /> : null}
        {project.abilities.transfer ? <TransferOwnershipSection project={project} /> : null}
        {project.abilities.delete ? <DeleteProjectSection key={project.id} project={project} /> : null}
      </div>
    </ProjectPage>
  );
}
