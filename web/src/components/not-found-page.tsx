import { Link } from 'react-router-dom';
import { ROUTES } from '../config/routes.js';
import { PlainResult } from './plain-ui.js';

export function NotFoundPage() {
  return (
    <main>
      <title>Page not found · Student Portal</title>
      <PlainResult
        status="warning"
        title="Page not found"
        subTitle="The page you asked for does not exist."
        extra={<Link to={ROUTES.studentLogin}>Go to the home page</Link>}
      />
    </main>
  );
}
