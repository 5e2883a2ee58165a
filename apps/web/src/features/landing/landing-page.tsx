import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { buttonClassName } from '../../ui/button';
import { SiteFooter } from '../../ui/site-footer';
import { SiteHeader } from '../../ui/site-header';
import { FeatureList } from './feature-list';

/** `/`: what Deckhand is, and the way in. */
export function LandingPage() {
  const { isAuthenticated } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Deckhand · Self-hosted project collaboration</title>
      <SiteHeader>
        {isAuthenticated ? (
          <Link to="/dashboard" className={buttonClassName()}>
            Open your projects
          </Link>
        ) : (
          <Link to="/login" className={buttonClassName({ variant: 'secondary' })}>
            Sign in
          </Link>
        )}
      </SiteHeader>
      <main className="flex-1">
        <section className="bg-surface">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
              Your team's projects, docs, chats and tasks, on your own server.
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-muted">
              Deckhand keeps a project's cards with live documents, its chats, its tasks on a kanban board, everyone's
              work and its files together. You run it yourself, so your data stays with you.
            </p>
            {isAuthenticated ? null : (
              <Link to="/login?mode=register" className={buttonClassName({ size: 'lg', className: 'mt-8' })}>
                Create account
              </Link>
            )}
          </div>
        </section>
        <FeatureList />
        <section aria-labelledby="self-hosted-heading" className="border-t border-border">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="self-hosted-heading" className="text-2xl font-semibold">
              Runs where you want it
            </h2>
            <p className="mt-4 max-w-3xl text-muted">
              One process and a data folder is the whole product, on a laptop or a small server. When your team grows,
              run several instances against PostgreSQL and Redis. Whoever runs this instance decides who may join and
              where the data lives.
            </p>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
