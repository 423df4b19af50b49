import { Link } from 'wouter';
import { Logo } from '../shell/Logo.tsx';
import './views.css';

/** Any path the editor does not know (spec 000 §2). */
export function NotFoundView() {
  return (
    <div className="not-found" data-testid="not-found">
      <Logo size={40} />
      <div className="not-found-code">404</div>
      <h1 className="not-found-title">Oops, couldn't find that</h1>
      <p className="not-found-text">The page you are looking for does not exist or was moved.</p>
      <Link href="/" className="btn btn-primary">
        Go to the homepage
      </Link>
    </div>
  );
}
