import { SiteFooter } from '../../ui/site-footer';
import { SiteHeader } from '../../ui/site-header';
import { TextLink } from '../../ui/text-link';
import { termsSections } from './terms-sections';

export function TermsPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Terms and conditions · Deckhand</title>
      <SiteHeader>
        <TextLink to="/login">Sign in</TextLink>
      </SiteHeader>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">Terms and conditions</h1>
        <p className="mt-4 text-lg text-muted">
          These terms apply to your use of this Deckhand instance. Please read them before you create an account.
        </p>
        {termsSections.map((section, index) => (
          <section
            key={section.title}
            aria-labelledby={`terms-${index}`}
            className="mt-10 space-y-3 leading-relaxed [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5"
          >
            <h2 id={`terms-${index}`} className="text-xl font-semibold">
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </main>
      <SiteFooter />
    </div>
  );
}
