/**
 * Who makes a change or a request: a signed-in person today; an API token or an import are other kinds of actor
 * to come, acting as a person.
 */
export interface Actor {
  userId: string;
}
