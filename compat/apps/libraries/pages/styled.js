import emotionStyled from '@emotion/styled';
import styled from 'styled-components';

const Title = emotionStyled.h2`
  font-size: 2rem;
`;
// A component selector: Emotion needs its compiler plugin for it.
const Card = emotionStyled.section`
  ${Title} {
    color: rebeccapurple;
  }
`;
const Note = styled.p`
  color: rgb(0, 128, 0);
`;

export default function Styled() {
  console.log('removed by compiler.removeConsole');
  return (
    <Card data-testid="card">
      <Title>Styled by Emotion</Title>
      <Note data-test-id="note">Styled by styled-components</Note>
    </Card>
  );
}
