/// The completion scripts `spendly completions` prints. Each hands the words typed so far to
/// `spendly __complete` (the program as typed on the line, so a build run by its path works
/// too) and offers what it prints; an empty answer falls back to file names.
enum CompletionScripts {
  /// A script's lines, as `Rendered` prints them.
  static func lines(_ script: String) -> [String] {
    script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  static let bash = #"""
    # spendly completion for bash: source <(spendly completions bash)

    # The word as the shell will pass it: quotes removed, backslash escapes undone.
    _spendly_unquote() {
      local text=$1 out= quote= character i
      for ((i = 0; i < ${#text}; i++)); do
        character=${text:i:1}
        if [[ -n $quote ]]; then
          if [[ $character == "$quote" ]]; then
            quote=
          elif [[ $quote == '"' && $character == '\' ]]; then
            ((i++))
            out+=${text:i:1}
          else
            out+=$character
          fi
        elif [[ $character == "'" || $character == '"' ]]; then
          quote=$character
        elif [[ $character == '\' ]]; then
          ((i++))
          out+=${text:i:1}
        else
          out+=$character
        fi
      done
      REPLY=$out
    }

    _spendly() {
      local i program current quote= candidate escaped
      local -a words=()
      COMPREPLY=()
      _spendly_unquote "${COMP_WORDS[0]}"
      program=$REPLY
      # An alias (the README's s='spendly add', sq='spendly query'): its words start the line.
      if [[ $program != */* && -n ${BASH_ALIASES[$program]+set} ]]; then
        read -ra words <<< "${BASH_ALIASES[$program]}"
        program=${words[0]}
        words=("${words[@]:1}")
      elif [[ $program == s || $program == sq ]]; then
        return 0  # not the alias: the shell's default completion
      fi
      [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
      # '=' is a word of its own to bash (--category=Food): the value follows the option.
      for ((i = 1; i < COMP_CWORD; i++)); do
        [[ ${COMP_WORDS[i]} == "=" ]] && continue
        _spendly_unquote "${COMP_WORDS[i]}"
        words+=("$REPLY")
      done
      current=${COMP_WORDS[COMP_CWORD]}
      [[ $current == "=" ]] && current=
      [[ $current == [\'\"]* ]] && quote=${current:0:1}
      _spendly_unquote "$current"
      current=$REPLY
      COMPREPLY=()
      while IFS= read -r candidate; do
        if [[ -n $quote ]]; then
          COMPREPLY+=("$candidate")
        else
          printf -v escaped '%q' "$candidate"
          COMPREPLY+=("$escaped")
        fi
      done < <(command "$program" __complete -- "${words[@]}" "$current" 2>/dev/null)
    }

    complete -o default -F _spendly spendly s sq
    """#

  static let zsh = #"""
    #compdef spendly s sq
    # spendly completion for zsh: spendly completions zsh > DIR/_spendly, DIR on $fpath

    _spendly() {
      local -a candidates lead
      local program=${(Q)words[1]}
      # An alias (s='spendly add', sq='spendly query') when zsh completes aliases as typed
      # (setopt complete_aliases); otherwise zsh has already put its words on the line.
      if [[ $program != */* && -n ${aliases[$program]} ]]; then
        lead=(${(Q)${(z)aliases[$program]}})
        program=$lead[1]
        lead=("${(@)lead[2,-1]}")
      elif [[ $program == (s|sq) ]]; then
        _files
        return
      fi
      candidates=("${(@f)$(command $program __complete -- "${(@)lead}" "${(@Q)words[2,CURRENT-1]}" "${(Q)PREFIX}" 2>/dev/null)}")
      candidates=(${candidates:#})
      if (( ${#candidates} )); then
        compadd -U -- "${candidates[@]}"
      else
        _files
      fi
    }

    if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
      _spendly "$@"
    else
      compdef _spendly spendly s sq
    fi
    """#

  static let fish = #"""
    # spendly completion for fish: spendly completions fish > ~/.config/fish/completions/spendly.fish

    function __spendly_complete
        set -l words (commandline -opc)
        set -l current (commandline -ct)
        set -l found (command $words[1] __complete -- $words[2..-1] $current 2>/dev/null)
        if test (count $found) -gt 0
            printf '%s\n' $found
        else
            __fish_complete_path $current
        end
    end

    complete -c spendly -f -a '(__spendly_complete)'
    """#
}
