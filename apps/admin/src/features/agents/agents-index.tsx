import { Navigate } from 'react-router';
import { useFirstAgentsPage } from './agents-tabs';

/** /agents opens the first of the programme's pages the role may use. */
export function AgentsIndex() {
  return <Navigate to={useFirstAgentsPage()} replace />;
}
