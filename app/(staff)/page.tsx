import { redirect } from 'next/navigation';

/** The home link leads to the dashboard (spec section 2). */
export default function HomePage() {
  redirect('/dashboard');
}
