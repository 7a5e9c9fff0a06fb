USE_WEBSITE("https://pragmatismo.com.br", "30d")

TALK "Olá! Sou um assistente educacional conectado ao conteúdo da Pragmatismo. O website está sendo indexado no vector database para busca semântica. Como posso ajudar?"