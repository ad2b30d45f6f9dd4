import styles from '../styles/Other.module.css';

export default function Other() {
  return <h1 className={styles.title}>Other page</h1>;
}
