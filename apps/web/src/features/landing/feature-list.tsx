const features = [
  {
    title: 'Projects and cards',
    text: 'A project is a set of cards. Each card holds a live document that everyone edits together, in real time.',
  },
  {
    title: 'Chats beside the work',
    text: 'Every card has its own chat threads, with mentions and replies, so decisions stay next to what they are about.',
  },
  {
    title: 'Tasks, kanban and my work',
    text: "Tasks belong to cards, move across the project's kanban board, and gather in each person's My work view.",
  },
  {
    title: 'Files',
    text: 'Attach files to projects, cards and messages, and find them again where they were shared.',
  },
] as const;

export function FeatureList() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="features-heading" className="text-2xl font-semibold">
        Everything a project needs, in one place
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {features.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-border bg-surface p-6">
            <h3 className="text-lg font-medium">{feature.title}</h3>
            <p className="mt-2 text-muted">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
