import styles from '../styles/Home.module.css';
import Badge from '../components/Badge';

export default function Home() {
  return (
    <div className={styles.box}>
      <h1 className={styles.title}>Styled home</h1>
      <p>
        A <Badge>badge</Badge> from a component's module.
      </p>
      <p>Class names are strings: {typeof styles.title}</p>
    </div>
  );
}
