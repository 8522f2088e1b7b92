import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { ROUTES } from '../config/routes.js';

export function NotFoundPage() {
  return (
    <main>
      <title>Page not found · Student Portal</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>Page not found</h1>}
        subTitle="The page you asked for does not exist."
        extra={<Link to={ROUTES.studentLogin}>Go to the home page</Link>}
      />
    </main>
  );
}
