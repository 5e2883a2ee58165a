import { useAuth } from '../../lib/auth-context';

/** /dashboard: the project list. Projects arrive with their own issue; until then the list is honestly empty. */
export function DashboardPage() {
  const { user } = useAuth();
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
      <title>Projects · Deckhand</title>
      <h1 className="text-2xl font-semibold">Projects</h1>
      {user?.name ? <p className="mt-1 text-muted">Welcome, {user.name}.</p> : null}
      {/* Not a heading: "Projects" must name exactly one heading on this page. */}
      <div className="mt-8 flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-16 text-center">
        <p className="text-lg font-medium">No projects yet</p>
        <p className="max-w-md text-muted">
          Projects you create or are invited to will be listed here, with their cards, chats, tasks and files.
        </p>
      </div>
    </main>
  );
}
